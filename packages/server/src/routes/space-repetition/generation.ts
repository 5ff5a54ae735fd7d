/** Card proposals from text or a photo of notes (OCR, then the AI provider); nothing is saved. */
import type { Context } from 'hono';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  DEFAULT_MAX_CARDS,
  type GenerationOutput,
  type Locale,
} from '../../domain/decks/card-generation.ts';
import { noteOfCard } from '../../domain/decks/cloze-notes.ts';
import type { StoredImage } from '../../domain/decks/images.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, type FieldErrors, validationError } from '../../http/errors.ts';
import { AiProviderError, type ProposedCard } from '../../providers/ai/types.ts';
import { OcrError } from '../../providers/ocr/types.ts';
import { assertCanEdit, deckFor } from '../../services/decks/access.ts';
import { formText, imageField, imageFile, isForm, readForm } from './form.ts';
import { MESSAGES } from './messages.ts';

interface GenerationInput {
  text: string;
  image?: StoredImage;
  locale: Locale;
  maxCards: number;
  output: GenerationOutput;
}

const OUTPUTS: readonly GenerationOutput[] = ['cards', 'cloze'];

async function readGenerationInput(
  c: Context<AppEnv>,
  body: Schemas['GenerateCardsRequest'],
): Promise<GenerationInput> {
  const fields: FieldErrors = {};
  const input: GenerationInput = {
    text: '',
    locale: 'en',
    maxCards: DEFAULT_MAX_CARDS,
    output: 'cards',
  };
  if (isForm(c)) {
    const form = await readForm(c);
    input.text = formText(fields, form, 'text', false, 20_000) ?? '';
    input.image = await imageFile(fields, 'image', form.image);
    if (form.language === 'es' || form.language === 'en') input.locale = form.language;
    else if (form.language !== undefined) fields.language = ['Must be one of: en, es.'];
    if (form.max_cards !== undefined) {
      const n = Number(form.max_cards);
      if (!Number.isInteger(n) || n < 1 || n > 100) fields.max_cards = ['Must be 1 to 100.'];
      else input.maxCards = n;
    }
    const output = OUTPUTS.find((o) => o === form.output);
    if (output) input.output = output;
    else if (form.output !== undefined) fields.output = ['Must be one of: cards, cloze.'];
  } else {
    input.text = body.text ?? '';
    input.image = (await imageField(fields, 'image', body.image)) ?? undefined;
    input.locale = body.language ?? 'en';
    input.maxCards = body.max_cards ?? DEFAULT_MAX_CARDS;
    input.output = body.output ?? 'cards';
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  if (!input.text.trim() && !input.image) {
    throw validationError({ non_field_errors: [MESSAGES.textOrImage] }, MESSAGES.textOrImage);
  }
  return input;
}

/** The text OCR reads in the image; 400 naming the image when it reads none. */
async function readImageText(c: Context<AppEnv>, image: StoredImage, text: string) {
  const { providers, logger } = c.get('deps');
  let extracted: string;
  try {
    extracted = (await providers.ocr.recognize(image.bytes)).trim();
  } catch (error) {
    if (error instanceof OcrError && error.kind === 'unreadable') {
      throw validationError({ image: [error.message] }, error.message);
    }
    logger.error('ocr failed', { error: String(error) });
    throw new ApiError(503, 'unavailable', 'Text recognition is unavailable right now.');
  }
  if (!extracted && !text.trim()) {
    throw validationError({ image: [MESSAGES.noTextInImage] }, MESSAGES.noTextInImage);
  }
  return extracted;
}

export const handlers: Handlers = {
  async generateCards(c, { params, body }) {
    const { sql, providers } = c.get('deps');
    const user = currentUser(c);
    assertCanEdit(await deckFor(sql, user.id, params.id));
    const { text, image, locale, maxCards, output } = await readGenerationInput(c, body);
    const extracted = image ? await readImageText(c, image, text) : null;
    const source = [text.trim(), extracted ?? ''].filter(Boolean).join('\n');
    let proposals: ProposedCard[];
    try {
      proposals = await providers.ai.generateCards(source, { locale, maxCards, output });
    } catch (error) {
      if (!(error instanceof AiProviderError)) throw error;
      throw new ApiError(503, 'unavailable', error.message);
    }
    const kept = proposals.slice(0, maxCards);
    const result: Schemas['GeneratedCards'] = {
      source: image ? 'image' : 'text',
      extracted_text: extracted,
      provider: providers.ai.name,
      // `notes[i]` is `cards[i]`: older clients create the flat cards, newer ones the notes.
      cards: kept.map(({ front, back, kind }) => ({ front, back, kind })),
      notes: kept.map(noteOfCard),
    };
    return c.json(result, 200);
  },
};
