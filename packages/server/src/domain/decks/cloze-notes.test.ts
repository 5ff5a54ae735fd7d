import { describe, expect, it } from 'vitest';
import { renderNote } from '../notes/render.ts';
import { generateCardsFromText } from './card-generation.ts';
import { clozeDeletions, clozeNoteOfSentence, noteOfCard } from './cloze-notes.ts';

const cloze = (text: string, locale: 'en' | 'es' = 'en') =>
  generateCardsFromText(text, { locale, output: 'cloze' });

describe('cloze notes from sentences (rules engine)', () => {
  it('deletes dates, numbers and proper nouns of an English sentence, one number each', () => {
    const note = clozeNoteOfSentence('Isaac Newton was born on 25 December 1642 in Woolsthorpe.');
    expect(note).toEqual({
      front: '_____ was born on _____ in _____.',
      back: 'Isaac Newton, 25 December 1642, Woolsthorpe',
      kind: 'cloze',
      note: {
        note_type: 'cloze',
        fields: {
          text: '{{c1::Isaac Newton}} was born on {{c2::25 December 1642}} in {{c3::Woolsthorpe}}.',
          extra: '',
        },
      },
    });
  });

  it('deletes Spanish dates with "de", names with particles and numbers', () => {
    expect(
      cloze(
        'Gabriel García Márquez nació el 6 de marzo de 1927 en Aracataca. La novela vendió 50 millones de copias.',
        'es',
      ).map((c) => c.note?.fields.text),
    ).toEqual([
      '{{c1::Gabriel García Márquez}} nació el {{c2::6 de marzo de 1927}} en {{c3::Aracataca}}.',
      'La novela vendió {{c1::50}} millones de copias.',
    ]);
  });

  it('falls back to the key term (the longest word that is not a stop word) and skips short sentences', () => {
    expect(cloze('Plants absorb sunlight through chlorophyll. Too short here.')).toEqual([
      {
        front: 'Plants absorb sunlight through _____.',
        back: 'chlorophyll',
        kind: 'cloze',
        note: {
          note_type: 'cloze',
          fields: { text: 'Plants absorb sunlight through {{c1::chlorophyll}}.', extra: '' },
        },
      },
    ]);
    expect(clozeNoteOfSentence('Paris, 1889.')).toBeNull();
  });

  it('takes a sentence-initial capital only as part of a longer name, and at most three deletions', () => {
    expect(clozeDeletions('Water boils at 100 degrees at sea level.', 'en')).toEqual(['100']);
    expect(
      clozeDeletions(
        'In 1492 Columbus sailed from Palos to Guanahani with 90 men in 3 ships.',
        'en',
      ),
    ).toEqual(['1492', 'Columbus', 'Palos']);
    // ISO and month-first dates stay whole.
    expect(clozeDeletions('The treaty was signed on 1919-06-28 at Versailles.', 'en')).toEqual([
      '1919-06-28',
      'Versailles',
    ]);
    expect(clozeDeletions('The wall fell on November 9, 1989 in Berlin.', 'en')).toEqual([
      'November 9, 1989',
      'Berlin',
    ]);
  });

  it('escapes HTML in the source and keeps question lines as basic notes', () => {
    const cards = cloze('What is 2 + 2? Four\nThe rule a < b & c holds for 3 values.');
    expect(cards[0]).toMatchObject({ front: 'What is 2 + 2?', back: 'Four', kind: 'qa' });
    expect(cards[0]?.note).toBeUndefined();
    expect(cards[0] && noteOfCard(cards[0])).toEqual({
      note_type: 'basic',
      fields: { front: 'What is 2 + 2?', back: 'Four' },
    });
    expect(cards[1]?.note?.fields.text).toBe(
      'The rule a &lt; b &amp; c holds for {{c1::3}} values.',
    );
  });

  it('turns a term–definition line into a cloze of the term', () => {
    expect(cloze('Mitochondria - the powerhouse of the cell')[0]?.note?.fields.text).toBe(
      '{{c1::Mitochondria}} - the powerhouse of the cell',
    );
  });

  it('makes notes the server renders into one card per deletion', () => {
    const [card] = cloze('Isaac Newton was born on 25 December 1642 in Woolsthorpe.');
    const cards = renderNote({ kind: 'stock', key: 'cloze' }, card?.note?.fields ?? {});
    expect(cards.map((c) => [c.front, c.back])).toEqual([
      [
        '[…] was born on 25 December 1642 in Woolsthorpe.',
        'Isaac Newton was born on 25 December 1642 in Woolsthorpe.',
      ],
      [
        'Isaac Newton was born on […] in Woolsthorpe.',
        'Isaac Newton was born on 25 December 1642 in Woolsthorpe.',
      ],
      [
        'Isaac Newton was born on 25 December 1642 in […].',
        'Isaac Newton was born on 25 December 1642 in Woolsthorpe.',
      ],
    ]);
  });

  it("gives today's one-blank cloze cards a one-deletion cloze note", () => {
    const [card] = generateCardsFromText('Light travels about 300000 kilometres per second.');
    expect(card && noteOfCard(card)).toEqual({
      note_type: 'cloze',
      fields: { text: 'Light travels about {{c1::300000}} kilometres per second.', extra: '' },
    });
  });
});
