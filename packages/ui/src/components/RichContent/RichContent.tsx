import 'katex/dist/katex.min.css';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { createIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import { splitMath } from './math.ts';
import * as s from './RichContent.css.ts';
import {
  allowedClassName,
  allowedStyle,
  isAllowedLink,
  isAllowedMediaSrc,
  sanitizeSide,
  TAGS,
} from './sanitize.ts';
import { bcp47, languageName, synthesis, voiceFor } from './speech.ts';
import { useResolvedSrc } from './useResolvedSrc.ts';

const PlayIcon = createIcon(
  'M8 5.14v13.72a1 1 0 0 0 1.52.85l10.86-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14z',
);
const SpeakerIcon = createIcon(
  'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05c1.48-.73 2.5-2.25 2.5-4.02zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54z',
);

export interface RichContentProps {
  /** One card side's HTML, as the server stores it (sanitised there, and again here). */
  html: string;
  /** Play the side's sounds and speech, in order, when it is shown (Anki's auto-play). */
  autoPlay?: boolean;
  /** Speak `<tts-speak>` with the browser's voices; off shows their text instead. Default on. */
  speech?: boolean;
  /** R replays the side's sounds and speech, as in Anki (default on; off when several sides show at once). */
  replayKey?: boolean;
  /**
   * The address the browser loads a media URL from. Memoria's media need the bearer token, so the
   * app passes a function that fetches them and answers an object URL; default: the URL itself.
   */
  resolveMediaUrl?: (src: string) => string | Promise<string>;
  /** The voices to choose from (default: the browser's, updated as they load). */
  voices?: readonly SpeechSynthesisVoice[];
  /** A class for the outer block, for the caller's spacing and alignment. */
  className?: string;
}

/** Something the side plays: a sound or a spoken text. */
interface Player {
  play(): Promise<void>;
  stop(): void;
}

interface Players {
  register(index: number, player: Player): () => void;
  /** Plays only this one (a click on its button), stopping the others. */
  playOnly(index: number): void;
  resolve(src: string): string | Promise<string>;
  speech: boolean;
  voices: readonly SpeechSynthesisVoice[];
}

const PlayersContext = createContext<Players | null>(null);

function usePlayers(): Players {
  const players = useContext(PlayersContext);
  if (!players) throw new Error('A RichContent player outside RichContent');
  return players;
}

/** The browser's voices, again when they change (Chrome loads them after the page). */
function useBrowserVoices(given: readonly SpeechSynthesisVoice[] | undefined) {
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(
    () => given ?? synthesis()?.getVoices() ?? [],
  );
  useEffect(() => {
    if (given) {
      setVoices(given);
      return;
    }
    const synth = synthesis();
    if (!synth) return;
    const update = () => setVoices(synth.getVoices());
    update();
    synth.addEventListener?.('voiceschanged', update);
    return () => synth.removeEventListener?.('voiceschanged', update);
  }, [given]);
  return voices;
}

/** `src` as the browser loads it, through the content's resolver (`useResolvedSrc`). */
function useResolved(src: string): {
  url: string | undefined;
  ready: Promise<string>;
  pending: boolean;
} {
  const { resolve } = usePlayers();
  const { url, ready, pending } = useResolvedSrc(src, resolve);
  return { url, ready: ready as Promise<string>, pending };
}

function MediaImage({ src, alt, title }: { src: string; alt: string; title?: string }) {
  const { url, pending } = useResolved(src);
  if (!url) {
    return <span className={s.imagePlaceholder} data-media-pending={pending ? '' : undefined} />;
  }
  return <img className={s.image} src={url} alt={alt} title={title} />;
}

/**
 * Gives the element its address unless it has it: the browser restarts loading on every write of
 * `src`, even of the same address, which interrupts a play() already started (the auto-play of a
 * sound whose address was still being resolved when the side showed).
 */
function setSource(el: HTMLAudioElement, url: string) {
  if (el.getAttribute('src') !== url) el.src = url;
}

function AudioItem({ src, index }: { src: string; index: number }) {
  const intl = useIntl();
  const players = usePlayers();
  const { url, ready } = useResolved(src);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(
    () =>
      players.register(index, {
        async play() {
          const resolved = await ready.catch(() => undefined);
          const el = audio.current;
          if (!el || !resolved) return;
          // Auto-play may come before the resolved address is on the element.
          setSource(el, resolved);
          await new Promise<void>((done) => {
            const finish = () => {
              el.removeEventListener('ended', finish);
              el.removeEventListener('error', finish);
              el.removeEventListener('pause', finish);
              setPlaying(false);
              done();
            };
            el.addEventListener('ended', finish);
            el.addEventListener('error', finish);
            el.addEventListener('pause', finish);
            el.currentTime = 0;
            setPlaying(true);
            // A browser may refuse to play before the first gesture (auto-play): then nothing plays.
            Promise.resolve(el.play()).catch(finish);
          });
        },
        stop() {
          audio.current?.pause();
        },
      }),
    [players, index, ready],
  );
  useEffect(() => {
    if (audio.current && url) setSource(audio.current, url);
  }, [url]);

  return (
    <span className={s.player}>
      <IconButton
        size="sm"
        variant="outlined"
        aria-label={intl.formatMessage({ id: 'ui.richContent.playSound' })}
        aria-pressed={playing}
        onClick={() => players.playOnly(index)}
      >
        <PlayIcon />
      </IconButton>
      {/* No `src` prop: `setSource` writes it once, as a second write would abort a play. */}
      {/* biome-ignore lint/a11y/useMediaCaption: a card's sound; its words are on the card. */}
      <audio ref={audio} preload="none" />
    </span>
  );
}

function SpeakItem({ lang, text, index }: { lang: string; text: string; index: number }) {
  const intl = useIntl();
  const players = usePlayers();
  const language = languageName(lang, intl.locale);
  const synth = synthesis();
  const voice = players.speech ? voiceFor(players.voices, lang) : undefined;

  useEffect(() => {
    if (!voice || !synth) return;
    return players.register(index, {
      play: () =>
        new Promise<void>((done) => {
          const utterance = new SpeechSynthesisUtterance(text);
          utterance.voice = voice;
          utterance.lang = bcp47(lang);
          utterance.onend = () => done();
          utterance.onerror = () => done();
          synth.speak(utterance);
        }),
      stop: () => synth.cancel(),
    });
  }, [players, index, voice, synth, text, lang]);

  if (!players.speech) {
    return (
      <span className={s.spokenText} lang={bcp47(lang)}>
        {text}
      </span>
    );
  }
  if (!voice || !synth) {
    return (
      <span className={s.noVoice}>
        <span className={s.noVoiceNote}>
          {intl.formatMessage({ id: 'ui.richContent.noVoice' }, { language })}
        </span>{' '}
        <span lang={bcp47(lang)}>{text}</span>
      </span>
    );
  }
  return (
    <span className={s.player}>
      <IconButton
        size="sm"
        variant="outlined"
        aria-label={intl.formatMessage({ id: 'ui.richContent.speak' }, { language })}
        onClick={() => players.playOnly(index)}
      >
        <SpeakerIcon />
      </IconButton>
    </span>
  );
}

/** Numbers the side's players in document order while its tree is built. */
interface BuildState {
  next: number;
}

/** Elements `build` renders itself (void, media, links, speech, colour); the rest as they are. */
const SPECIAL = new Set(['br', 'hr', 'img', 'audio', 'a', 'font', 'tts-speak']);

/** Element names React renders as they are: the sanitiser's allow-list less the special ones. */
const PLAIN = new Set(TAGS.filter((tag) => !SPECIAL.has(tag)));

function textParts(text: string, key: string): ReactNode[] {
  return splitMath(text).map((part, i) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, by position.
        key={`${key}.${i}`}
        className={part.display ? s.displayMath : undefined}
        // A displayed formula wider than the side scrolls; the keyboard must reach it too.
        tabIndex={part.display ? 0 : undefined}
        // KaTeX's own output (trust off): spans, MathML and style attributes, never script.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: typeset by KaTeX, not user HTML.
        dangerouslySetInnerHTML={{ __html: part.html }}
      />
    ),
  );
}

function children(node: Node, state: BuildState, key: string): ReactNode[] {
  return [...node.childNodes].flatMap((child, i) => build(child, state, `${key}.${i}`));
}

/** The sanitised DOM as React elements: the allowed attributes only, media and speech as players. */
function build(node: Node, state: BuildState, key: string): ReactNode[] {
  if (node.nodeType === Node.TEXT_NODE) return textParts(node.textContent ?? '', key);
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as Element;
  const tag = el.localName;
  const src = el.getAttribute('src') ?? '';
  switch (tag) {
    case 'br':
      return [<br key={key} />];
    case 'hr':
      return [<hr key={key} />];
    case 'img':
      return isAllowedMediaSrc(src, 'img')
        ? [
            <MediaImage
              key={key}
              src={src}
              alt={el.getAttribute('alt') ?? ''}
              title={el.getAttribute('title') ?? undefined}
            />,
          ]
        : [];
    case 'audio':
      return isAllowedMediaSrc(src, 'audio')
        ? [<AudioItem key={key} src={src} index={state.next++} />]
        : [];
    case 'tts-speak':
      return [
        <SpeakItem
          key={key}
          lang={el.getAttribute('lang') ?? ''}
          text={el.textContent ?? ''}
          index={state.next++}
        />,
      ];
    case 'a': {
      const href = el.getAttribute('href') ?? '';
      const inner = children(el, state, key);
      // Links open in a new tab without giving it this page (no opener, no referrer).
      return isAllowedLink(href)
        ? [
            <a key={key} href={href} target="_blank" rel="noopener noreferrer">
              {inner}
            </a>,
          ]
        : [<span key={key}>{inner}</span>];
    }
    case 'font': {
      const color = allowedStyle(`color: ${el.getAttribute('color') ?? ''}`).color;
      return [
        <span key={key} style={color ? { color } : undefined}>
          {children(el, state, key)}
        </span>,
      ];
    }
    default: {
      const inner = children(el, state, key);
      if (!PLAIN.has(tag)) return inner;
      const style = allowedStyle(el.getAttribute('style'));
      const span = (name: string) => {
        const n = Number(el.getAttribute(name));
        return Number.isInteger(n) && n > 1 && n < 100 ? n : undefined;
      };
      return [
        createElement(
          tag,
          {
            key,
            style: Object.keys(style).length > 0 ? style : undefined,
            className: allowedClassName(el.getAttribute('class')),
            title: el.getAttribute('title') ?? undefined,
            lang: el.getAttribute('lang') ?? undefined,
            colSpan: tag === 'td' || tag === 'th' ? span('colspan') : undefined,
            rowSpan: tag === 'td' || tag === 'th' ? span('rowspan') : undefined,
          },
          ...(inner.length > 0 ? [inner] : []),
        ),
      ];
    }
  }
}

const same = (src: string) => src;

/** Whether a key press belongs to something the learner types into. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return (
    el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null
  );
}

/**
 * One card side: its formatted text, math typeset by KaTeX, images, sounds as play buttons and
 * speech (`<tts-speak lang="es_ES">`) spoken by the browser.
 *
 * **Use it** wherever a card side is shown (review, card lists, previews). **Don't use it** for
 * text a learner is editing (that is `FieldEditor`) or for the product's own copy (plain JSX).
 *
 * **Accessibility.** R replays the side's sounds and speech in order, as in Anki (not while typing
 * in a field); each sound and spoken text has a labelled play button; a displayed formula that
 * scrolls takes focus so it can be scrolled by keyboard; KaTeX also writes MathML for screen
 * readers.
 *
 * **Safety.** The HTML is sanitised again here with DOMPurify and rebuilt as React elements from an
 * allow-list: no script, no event handler, no `style` but colours, images and sounds only from
 * Memoria's media, links only http(s) and mailto and opened without an opener.
 */
export function RichContent({
  html,
  autoPlay = false,
  speech = true,
  replayKey = true,
  resolveMediaUrl = same,
  voices: givenVoices,
  className,
}: RichContentProps) {
  const registered = useRef(new Map<number, Player>());
  const run = useRef(0);
  const voices = useBrowserVoices(givenVoices);

  const stopAll = useCallback(() => {
    run.current += 1;
    for (const player of registered.current.values()) player.stop();
  }, []);

  const playFrom = useCallback(
    async (indexes: number[]) => {
      stopAll();
      const mine = run.current;
      for (const index of indexes) {
        if (run.current !== mine) return;
        await registered.current.get(index)?.play();
      }
    },
    [stopAll],
  );

  const replay = useCallback(
    () => playFrom([...registered.current.keys()].sort((a, b) => a - b)),
    [playFrom],
  );

  const resolvers = useRef(new Map<string, string | Promise<string>>());
  const players = useMemo<Players>(
    () => ({
      register(index, player) {
        registered.current.set(index, player);
        return () => {
          if (registered.current.get(index) === player) registered.current.delete(index);
        };
      },
      playOnly: (index) => void playFrom([index]),
      resolve(src) {
        let found = resolvers.current.get(src);
        if (found === undefined) {
          found = resolveMediaUrl(src);
          resolvers.current.set(src, found);
        }
        return found;
      },
      speech,
      voices,
    }),
    [playFrom, resolveMediaUrl, speech, voices],
  );

  const content = useMemo(() => children(sanitizeSide(html), { next: 0 }, 'c'), [html]);

  useEffect(() => {
    if (!replayKey) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'r' && event.key !== 'R') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      void replay();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [replayKey, replay]);

  // Auto-play when the side is shown, or shows other content; stop when it goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: replays when the html changes.
  useEffect(() => {
    if (autoPlay) void replay();
    return stopAll;
  }, [autoPlay, replay, stopAll, html]);

  return (
    <PlayersContext.Provider value={players}>
      <div className={cx(s.root, className)}>{content}</div>
    </PlayersContext.Provider>
  );
}
