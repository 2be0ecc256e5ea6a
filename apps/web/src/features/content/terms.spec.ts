import { termsTitleOf, textParagraphs } from './terms';

describe('textParagraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(textParagraphs('First line\nstill first\n\nSecond\n\n\n\nThird')).toEqual([
      'First line\nstill first',
      'Second',
      'Third',
    ]);
  });

  it('treats Windows line ends and blank lines holding spaces the same way', () => {
    expect(textParagraphs('One\r\n\r\nTwo\n   \nThree\r\n \t \r\nFour')).toEqual([
      'One',
      'Two',
      'Three',
      'Four',
    ]);
  });

  it('gives nothing for empty or blank text', () => {
    expect(textParagraphs('')).toEqual([]);
    expect(textParagraphs('  \n\n \n')).toEqual([]);
    expect(textParagraphs(null)).toEqual([]);
  });

  it('keeps markup as the text it is', () => {
    expect(textParagraphs('<b>bold</b>\n\n<script>x</script>')).toEqual([
      '<b>bold</b>',
      '<script>x</script>',
    ]);
  });
});

describe('termsTitleOf', () => {
  it('uses the configured title, else the usual one', () => {
    expect(termsTitleOf({ title: ' Service Agreement ', content: '' })).toBe('Service Agreement');
    expect(termsTitleOf({ title: '  ', content: 'x' })).toBe('Terms and Conditions');
    expect(termsTitleOf(undefined)).toBe('Terms and Conditions');
  });
});
