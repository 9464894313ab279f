import { textParts } from '../src/lib/text.ts';

describe('textParts: a message is text; only http(s) addresses become links', () => {
  it('joined, the parts are the text', () => {
    for (const text of ['plain', 'see https://a.test/x. ok', '<script>alert(1)</script>', 'a\nhttp://b.test\n\nc', '']) {
      expect(textParts(text).map((p) => p.text).join('')).toBe(text);
    }
  });

  it('http and https addresses are links; sentence punctuation after them is not part of them', () => {
    expect(textParts('Pick up at https://maps.test/place?q=1. Thanks!')).toEqual([
      { kind: 'text', text: 'Pick up at ' },
      { kind: 'link', text: 'https://maps.test/place?q=1', href: 'https://maps.test/place?q=1' },
      { kind: 'text', text: '. Thanks!' },
    ]);
    expect(textParts('(http://a.test)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'http://a.test', href: 'http://a.test/' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('markup, other schemes and addresses glued to a word stay text', () => {
    for (const text of ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.test', 'xhttps://a.test', 'https://', '<a href="https://a.test">x</a>']) {
      const links = textParts(text).filter((p) => p.kind === 'link');
      if (text.startsWith('<a href')) {
        // the address inside the attribute ends at the quote: only the address is a link, the tag is text
        expect(links).toEqual([{ kind: 'link', text: 'https://a.test', href: 'https://a.test/' }]);
      } else {
        expect(links).toEqual([]);
      }
    }
  });
});
