/**
 * Anki's stock note types as Anki 23.10 creates them (`rslib/src/notetype/stock.rs`,
 * `rslib/src/image_occlusion/notetype.rs`, English names): what an export writes for Memoria's
 * stock types, and what the test packages are built with. Each carries Anki's
 * `original_stock_kind`, so Anki (and this importer) knows it for a stock type.
 */
import type { StockNoteTypeKey } from '../domain/notes/stock-types.ts';

export interface AnkiNoteTypeDefinition {
  id: number;
  name: string;
  cloze?: boolean;
  /** Anki's `original_stock_kind` (1 basic … 6 image occlusion); absent for own types. */
  stockKind?: number;
  fields: string[];
  templates: { name: string; question: string; answer: string }[];
}

const answerAfter = (field: string) => `{{FrontSide}}\n\n<hr id=answer>\n\n{{${field}}}`;

export const ANKI_BASIC: AnkiNoteTypeDefinition = {
  id: 1_600_000_000_001,
  name: 'Basic',
  stockKind: 1,
  fields: ['Front', 'Back'],
  templates: [{ name: 'Card 1', question: '{{Front}}', answer: answerAfter('Back') }],
};
export const ANKI_BASIC_REVERSED: AnkiNoteTypeDefinition = {
  id: 1_600_000_000_002,
  name: 'Basic (and reversed card)',
  stockKind: 2,
  fields: ['Front', 'Back'],
  templates: [
    ...ANKI_BASIC.templates,
    { name: 'Card 2', question: '{{Back}}', answer: answerAfter('Front') },
  ],
};
export const ANKI_BASIC_OPTIONAL_REVERSED: AnkiNoteTypeDefinition = {
  id: 1_600_000_000_003,
  name: 'Basic (optional reversed card)',
  stockKind: 3,
  fields: ['Front', 'Back', 'Add Reverse'],
  templates: [
    ...ANKI_BASIC.templates,
    {
      name: 'Card 2',
      question: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}',
      answer: answerAfter('Front'),
    },
  ],
};
export const ANKI_BASIC_TYPING: AnkiNoteTypeDefinition = {
  id: 1_600_000_000_004,
  name: 'Basic (type in the answer)',
  stockKind: 4,
  fields: ['Front', 'Back'],
  templates: [
    {
      name: 'Card 1',
      question: '{{Front}}\n\n{{type:Back}}',
      answer: '{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}',
    },
  ],
};
export const ANKI_CLOZE: AnkiNoteTypeDefinition = {
  id: 1_600_000_000_005,
  name: 'Cloze',
  cloze: true,
  stockKind: 5,
  fields: ['Text', 'Back Extra'],
  templates: [
    { name: 'Cloze', question: '{{cloze:Text}}', answer: '{{cloze:Text}}<br>\n{{Back Extra}}' },
  ],
};

const IO_QUESTION = `{{#Header}}<div>{{Header}}</div>{{/Header}}
<div style="display: none">{{cloze:Occlusion}}</div>
<div id="err"></div>
<div id="image-occlusion-container">
    {{Image}}
    <canvas id="image-occlusion-canvas"></canvas>
</div>
<script>
try {
    anki.imageOcclusion.setup();
} catch (exc) {
    document.getElementById("err").innerHTML = \`Error loading image occlusion. Is your Anki version up to date?<br><br>\${exc}\`;
}
</script>
`;

export const ANKI_IMAGE_OCCLUSION: AnkiNoteTypeDefinition = {
  id: 1_600_000_000_006,
  name: 'Image Occlusion',
  cloze: true,
  stockKind: 6,
  fields: ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'],
  templates: [
    {
      name: 'Image Occlusion',
      question: IO_QUESTION,
      answer: `${IO_QUESTION}
<div><button id="toggle">Toggle Masks</button></div>
{{#Back Extra}}<div>{{Back Extra}}</div>{{/Back Extra}}
`,
    },
  ],
};

export const ANKI_STOCK: Record<StockNoteTypeKey, AnkiNoteTypeDefinition> = {
  basic: ANKI_BASIC,
  basic_reversed: ANKI_BASIC_REVERSED,
  basic_optional_reversed: ANKI_BASIC_OPTIONAL_REVERSED,
  basic_type_in: ANKI_BASIC_TYPING,
  cloze: ANKI_CLOZE,
  image_occlusion: ANKI_IMAGE_OCCLUSION,
};
