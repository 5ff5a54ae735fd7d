/**
 * The words of a macro-image request that ask for the story rather than name what to remember
 * ("Tell me a story for the number …", "Cuéntame una historia para el número …"). They are
 * dropped, in either language whatever the chat's, so that only the numbers and the words to
 * remember become items.
 */

/** Compared without case or accents: "Cuéntame" and "cuentame" are the same word. */
const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const INSTRUCTION_WORDS = new Set(
  [
    // English
    'tell',
    'give',
    'make',
    'create',
    'write',
    'invent',
    'help',
    'please',
    'remember',
    'memorise',
    'memorize',
    'learn',
    'story',
    'stories',
    'tale',
    'mnemonic',
    'macro',
    'macro-image',
    'image',
    'images',
    'picture',
    'number',
    'numbers',
    'digit',
    'digits',
    'word',
    'words',
    'list',
    'item',
    'items',
    'following',
    // Spanish
    'cuentame',
    'cuenta',
    'cuentanos',
    'dime',
    'dame',
    'haz',
    'hazme',
    'crea',
    'creame',
    'escribe',
    'escribeme',
    'inventa',
    'inventame',
    'ayudame',
    'ayuda',
    'favor',
    'recordar',
    'recuerda',
    'memorizar',
    'aprender',
    'historia',
    'historias',
    'cuento',
    'macroimagen',
    'imagen',
    'imagenes',
    'numero',
    'numeros',
    'cifra',
    'cifras',
    'digito',
    'digitos',
    'palabra',
    'palabras',
    'lista',
    'elemento',
    'elementos',
    'siguiente',
    'siguientes',
  ].map(plain),
);

/** A word as the learner typed it, without the punctuation around it ("3141592653." → digits). */
export const bareWord = (word: string) => word.replace(/[^\p{L}\p{N}'-]/gu, '');

/** Whether a word asks for the story instead of naming something to remember. */
export function isInstructionWord(word: string): boolean {
  return INSTRUCTION_WORDS.has(plain(bareWord(word)));
}
