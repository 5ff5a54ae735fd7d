import { describe, expect, it } from 'vitest';
import { answerOnly, parseTemplate, renderTemplate, TemplateError } from './template.ts';

const fields = new Map([
  ['Front', 'chat'],
  ['Back', 'cat'],
  ['Extra', '<br>'],
]);
const render = (source: string, frontSide: string | null = null) =>
  renderTemplate(parseTemplate(source), { fields, frontSide });

describe('Anki card templates', () => {
  it('renders fields, conditionals, filters and the front side', () => {
    expect(render('{{Front}}{{#Extra}}!{{/Extra}}{{^Extra}}?{{/Extra}}')).toBe('chat?');
    expect(render('{{ Front }} {{hint:Back}} {{text:Front}}')).toBe('chat cat chat');
    expect(render('{{type:Back}}')).toBe('');
    expect(render('{{FrontSide}}<hr id=answer>{{type:Back}}', 'Q')).toBe('Q<hr id=answer>cat');
    // `{{#c1}}` asks for a cloze number, absent on a card that is not a cloze.
    expect(render('{{#c1}}one{{/c1}}{{^c1}}none{{/c1}}')).toBe('none');
  });

  it('reads the legacy <% %> delimiters, comments, and an unclosed {{ as text', () => {
    expect(render('{{=<% %>=}}<%Front%> {{Back}}')).toBe('chat {{Back}}');
    expect(render('a<!-- {{Nope}} -->b')).toBe('ab');
    expect(render('{{Front}} {{Back')).toBe('chat {{Back');
  });

  it('refuses what it cannot render', () => {
    for (const source of [
      '{{tts en_US:Front}}',
      '{{furigana:Front}}',
      '{{tts en_US:}}',
      '{{Verso}}',
      '{{#Verso}}x{{/Verso}}',
      '{{#Front}}x',
      'x{{/Front}}',
      '{{#Front}}x{{/Back}}',
    ]) {
      expect(() => render(source), source).toThrow(TemplateError);
    }
  });

  it('renders cloze, type-in and speech for a note', () => {
    const note = (source: string, cloze: number | null, frontSide: string | null = null) =>
      renderTemplate(parseTemplate(source), {
        fields: new Map([
          ['Text', '{{c1::Paris::city}} {{c2::France}}'],
          ['Front', 'hola <b>amigo</b>'],
        ]),
        frontSide,
        note: { cloze },
      });
    expect(note('{{cloze:Text}}', 2)).toBe(
      '<span class="cloze-inactive" data-cloze="1">Paris</span> <span class="cloze" data-cloze="2">[…]</span>',
    );
    expect(note('{{cloze:Text}}', 1, 'Q')).toContain(
      '<span class="cloze" data-cloze="1">Paris</span>',
    );
    expect(note('{{#c2}}two{{/c2}}{{^c1}}-not one{{/c1}}', 2)).toBe('two-not one');
    expect(note('{{type:Front}}', null)).toBe(
      '<div class="type-answer" data-type-answer=""></div>',
    );
    expect(note('{{type:Front}}', null, 'Q')).toBe(
      '<div class="type-answer" data-type-answer-expected="hola amigo"></div>',
    );
    expect(note('{{tts es_ES:Front}}', null)).toBe(
      '<tts-speak lang="es_ES">hola amigo</tts-speak>',
    );
    expect(() => note('{{tts <b>:Front}}', null)).toThrow(TemplateError);
    expect(() => note('{{furigana:Front}}', null)).toThrow(TemplateError);
  });

  it('keeps the answer without the question it repeats', () => {
    expect(answerOnly('Q\n\n<hr id="answer">\n\nA', 'Q')).toBe('\n\nA');
    expect(answerOnly('QA', 'Q')).toBe('A');
    expect(answerOnly('A then Q', 'Q')).toBe('A then Q');
  });
});
