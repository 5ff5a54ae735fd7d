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

  it('keeps the answer without the question it repeats', () => {
    expect(answerOnly('Q\n\n<hr id="answer">\n\nA', 'Q')).toBe('\n\nA');
    expect(answerOnly('QA', 'Q')).toBe('A');
    expect(answerOnly('A then Q', 'Q')).toBe('A then Q');
  });
});
