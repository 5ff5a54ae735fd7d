import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../../test/storybook.ts';
import { RichContent } from './RichContent.tsx';

/** A media URL as card fields hold it. */
const media = (digit: string) => `/be/api/space-repetition/media/${digit.repeat(64)}/`;

/** Two small drawings standing in for uploaded images (the app fetches real ones with its token). */
const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100">${body}</svg>`)}`;
const IMAGES: Record<string, string> = {
  [media('a')]: svg(
    '<rect width="160" height="100" fill="#c60b1e"/><rect y="25" width="160" height="50" fill="#ffc400"/>',
  ),
  [media('b')]: svg(
    '<rect width="160" height="100" fill="#0055a4"/><rect x="53" width="54" height="100" fill="#fff"/><rect x="107" width="53" height="100" fill="#ef4135"/>',
  ),
  [media('c')]: svg(
    '<rect width="160" height="100" fill="#2e7d32"/><circle cx="80" cy="50" r="30" fill="#fff"/>',
  ),
};

/** A tenth of a second of silence as a WAV: the sound stories' audio, never fetched. */
function silentWav(): string {
  const samples = 800;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  return `data:audio/wav;base64,${btoa(String.fromCharCode(...bytes))}`;
}
const SOUND = silentWav();

const resolveMediaUrl = (src: string) => IMAGES[src] ?? SOUND;

/** A voice for the speech stories: the test browser has none of its own. */
const spanishVoice = {
  lang: 'es-ES',
  name: 'Mónica',
  default: false,
  localService: true,
  voiceURI: 'Mónica',
} as SpeechSynthesisVoice;

const meta = {
  title: 'UI/RichContent',
  component: RichContent,
  args: {
    html: '<p><b>Mitochondria</b> are the <i>powerhouse</i> of the <u>cell</u>.</p><ul><li>Double membrane</li><li>Own DNA (<code>mtDNA</code>)</li></ul><p>H<sub>2</sub>O, E = mc<sup>2</sup>, <s>wrong</s>, <span style="color: #c62828">important</span>, <a href="https://en.wikipedia.org/wiki/Mitochondrion">read more</a>.</p>',
    resolveMediaUrl,
    replayKey: false,
  },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof RichContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Formatting: Story = {};

export const MathFormulas: Story = {
  args: {
    html: 'The roots of \\(ax^2 + bx + c = 0\\) are \\[x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\\] and Anki writes [$]e^{i\\pi} + 1 = 0[/$] too.',
  },
};

export const Audio: Story = {
  args: {
    html: `<p>¿Dónde está la biblioteca? <audio src="${media('1')}"></audio></p><p>Slowly: <audio src="${media('2')}"></audio></p>`,
  },
};

export const Speech: Story = {
  args: {
    html: '<p>Listen: <tts-speak lang="es_ES">¿Dónde está la biblioteca?</tts-speak></p>',
    voices: [spanishVoice],
  },
};

export const SpeechWithoutVoice: Story = {
  args: {
    html: '<p>Listen: <tts-speak lang="es_ES">¿Dónde está la biblioteca?</tts-speak></p>',
    voices: [],
  },
};

export const SpeechOff: Story = {
  args: { ...Speech.args, speech: false },
};

export const SeveralImages: Story = {
  args: {
    html: `<p>Which flag is Spain’s?</p><img src="${media('a')}" alt="Red and yellow flag"><img src="${media('b')}" alt="Blue, white and red flag"><img src="${media('c')}" alt="Green flag with a white circle">`,
  },
};

export const Dark: Story = inMatrix(
  { theme: 'dark' },
  {
    args: {
      html: `<p><b>Bold</b>, <span style="color: #ef9a9a">red</span>, \\(\\sqrt{2}\\) <audio src="${media('1')}"></audio></p><img src="${media('a')}" alt="Flag">`,
    },
  },
);

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  {
    args: {
      html: `<p>Escucha: <audio src="${media('1')}"></audio> <tts-speak lang="de_DE">Wo ist die Bibliothek?</tts-speak></p>`,
      voices: [],
    },
  },
);

export const Phone: Story = inMatrix(
  { viewport: 'phone' },
  {
    args: {
      html: `<p>A long formula scrolls by itself: \\[\\sum_{k=1}^{n} k^3 = \\left(\\frac{n(n+1)}{2}\\right)^2 = 1 + 8 + 27 + 64 + 125 + 216 + 343 + 512 + 729 + 1000\\]</p><img src="${media('a')}" alt="Flag"><img src="${media('b')}" alt="Flag"><p>Pneumonoultramicroscopicsilicovolcanoconiosis is a long word.</p>`,
    },
  },
);
