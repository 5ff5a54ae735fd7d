import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { RichContent } from './RichContent.tsx';

const media = (n: number) => `/be/api/space-repetition/media/${String(n).repeat(64)}/`;

/** The sources the page asked to play, in order (happy-dom plays nothing itself). */
let played: string[];
beforeEach(() => {
  played = [];
  vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(this.getAttribute('src') ?? '');
    return Promise.resolve();
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const audios = () => [...document.querySelectorAll('audio')];

describe('RichContent', () => {
  it('R replays the side’s sounds in order, one after the other, but not while typing', async () => {
    renderWithIntl(
      <>
        <input aria-label="Answer" />
        <RichContent
          html={`<p>Hola <audio src="${media(1)}"></audio> y <audio src="${media(2)}"></audio></p>`}
        />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Play sound' })).toHaveLength(2);
    await act(async () => {});
    expect(played).toEqual([]);

    fireEvent.keyDown(screen.getByLabelText('Answer'), { key: 'r' });
    await act(async () => {});
    expect(played).toEqual([]);

    fireEvent.keyDown(document.body, { key: 'r' });
    await act(async () => {});
    expect(played).toEqual([media(1)]);
    await act(async () => {
      audios()[0]?.dispatchEvent(new Event('ended'));
    });
    expect(played).toEqual([media(1), media(2)]);

    // Again, from the first; Ctrl+R is the browser's.
    fireEvent.keyDown(document.body, { key: 'R' });
    await act(async () => {});
    expect(played).toEqual([media(1), media(2), media(1)]);
    fireEvent.keyDown(document.body, { key: 'r', ctrlKey: true });
    await act(async () => {});
    expect(played).toHaveLength(3);
  });

  it('auto-plays when asked, and loads media through resolveMediaUrl', async () => {
    renderWithIntl(
      <RichContent
        autoPlay
        html={`<audio src="${media(3)}"></audio>`}
        resolveMediaUrl={async (src) => `blob:${src}`}
      />,
    );
    await act(async () => {});
    expect(played).toEqual([`blob:${media(3)}`]);
  });

  it('auto-plays a resolved sound without setting its source again once it plays', async () => {
    // A browser restarts loading whenever `src` is set, even to the same address: a write after
    // play() aborts it ("interrupted by a new load request") and the sound never plays.
    const writes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) writes.push((r.target as Element).getAttribute('src') ?? '');
    });
    let writesAtPlay = -1;
    vi.mocked(window.HTMLMediaElement.prototype.play).mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      for (const r of observer.takeRecords()) {
        writes.push((r.target as Element).getAttribute('src') ?? '');
      }
      writesAtPlay = writes.length;
      played.push(this.getAttribute('src') ?? '');
      return Promise.resolve();
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['src'], subtree: true });
    renderWithIntl(
      <RichContent
        autoPlay
        html={`<audio src="${media(4)}"></audio>`}
        resolveMediaUrl={async (src) => `blob:${src}`}
      />,
    );
    await act(async () => {});
    await act(async () => {});
    for (const r of observer.takeRecords()) {
      writes.push((r.target as Element).getAttribute('src') ?? '');
    }
    observer.disconnect();
    expect(played).toEqual([`blob:${media(4)}`]);
    expect(writes).toHaveLength(writesAtPlay);
  });

  it('says so, with the text, where the browser has no voice for the language', () => {
    const english = { lang: 'en-US', name: 'English', default: true } as SpeechSynthesisVoice;
    renderWithIntl(
      <RichContent
        html={'<tts-speak lang="es_ES">¿Dónde está la biblioteca?</tts-speak>'}
        voices={[english]}
      />,
    );
    expect(
      screen.getByText('This browser has no voice for Spanish (Spain). The text:'),
    ).toBeTruthy();
    expect(screen.getByText('¿Dónde está la biblioteca?').getAttribute('lang')).toBe('es-ES');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('speaks with the language’s voice; speech off shows the text instead', async () => {
    const spoken: { text: string; lang: string; voice: string }[] = [];
    class Utterance {
      text: string;
      lang = '';
      voice: SpeechSynthesisVoice | null = null;
      onend: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    vi.stubGlobal('speechSynthesis', {
      getVoices: () => [],
      speak: (u: Utterance) => {
        spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? '' });
        u.onend?.();
      },
      cancel: () => {},
    });
    const spanish = { lang: 'es-MX', name: 'Paulina', default: false } as SpeechSynthesisVoice;
    const html = '<tts-speak lang="es_ES">Hola</tts-speak>';
    const { rerender } = renderWithIntl(<RichContent html={html} voices={[spanish]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud in Spanish (Spain)' }));
    await act(async () => {});
    expect(spoken).toEqual([{ text: 'Hola', lang: 'es-ES', voice: 'Paulina' }]);

    rerender(<RichContent html={html} voices={[spanish]} speech={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Hola')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('keeps formatting and typesets math; drops script, handlers and foreign URLs', () => {
    const { container } = renderWithIntl(
      <RichContent
        html={[
          '<b>bold</b> <span style="color: red; position: fixed">red</span> \\(x^2\\)',
          '<img src="x" onerror="alert(1)"><img src="https://evil.example/t.png">',
          `<img src="${media(4)}" alt="map">`,
          '<a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a>',
          '<script>alert(1)</script><style>*{}</style><svg><script>alert(1)</script></svg>',
          '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
        ].join('')}
      />,
    );
    expect(container.querySelector('b')?.textContent).toBe('bold');
    expect(screen.getByText('red').getAttribute('style')).toBe('color: red;');
    expect(container.querySelector('.katex')).not.toBeNull();
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      media(4),
    ]);
    expect(screen.getByText('bad').closest('a')).toBeNull();
    const good = screen.getByText('good').closest('a');
    expect([good?.getAttribute('target'), good?.getAttribute('rel')]).toEqual([
      '_blank',
      'noopener noreferrer',
    ]);
    expect(container.querySelector('script, style, svg, iframe, [onerror]')).toBeNull();
  });

  it('keeps the classes of the server’s cloze markup, and no other class', () => {
    const { container } = renderWithIntl(
      <RichContent
        html={
          '<span class="cloze" data-cloze="1">[…]</span> is <span class="cloze-inactive">Paris</span>' +
          '<div class="cloze-extra">Extra</div><b class="app-button">x</b>'
        }
      />,
    );
    expect(container.querySelector('span.cloze')?.textContent).toBe('[…]');
    expect(container.querySelector('span.cloze-inactive')?.textContent).toBe('Paris');
    expect(container.querySelector('div.cloze-extra')?.textContent).toBe('Extra');
    expect(container.querySelector('b')?.getAttribute('class')).toBeNull();
    expect(container.querySelector('[data-cloze]')).toBeNull();
  });
});
