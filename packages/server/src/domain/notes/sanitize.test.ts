import { describe, expect, it } from 'vitest';
import { sanitizeFieldHtml } from './sanitize.ts';

const MEDIA = `/be/api/space-repetition/media/${'ab'.repeat(32)}/`;

/** The usual payloads: none may leave anything that runs script or loads a document. */
const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<img src="https://e.com/a.png" onerror="alert(1)">',
  '<b onclick="alert(1)">x</b>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<audio src="data:audio/mp3;base64,AAAA"></audio>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle/></svg>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<script>alert(1)</script>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<span style="background:url(javascript:alert(1))">x</span>',
  '<span style="color:expression(alert(1))">x</span>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<div style="position:fixed;inset:0">x</div>',
  '<img src="//evil.example/x.png">',
  '<img src="/be/api/space-repetition/media/../../admin/">',
  '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
  '<p><!--<img src=x onerror=alert(1)>--></p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

const DANGER =
  /<script|<style|<iframe|<svg|<object|<embed|<form|<meta|<base|<link|\son\w+=|javascript:|vbscript:|data:|srcdoc|expression\(|\/\/evil|position:/i;

describe('field sanitising', () => {
  it.each(PAYLOADS)('nothing of %s survives that could run', (payload) => {
    const clean = sanitizeFieldHtml(payload);
    expect(clean).not.toMatch(DANGER);
    // Sanitising is stable: a second pass changes nothing.
    expect(sanitizeFieldHtml(clean)).toBe(clean);
  });

  it('keeps the allow-list', () => {
    const kept = [
      '<b>b</b><i>i</i><u>u</u><s>s</s><strike>k</strike><sub>1</sub><sup>2</sup>',
      '<ul><li>a</li></ul><ol><li>b</li></ol>a<br />b<p>p</p><div>d</div>',
      '<span style="color:#c00">red</span><code>x</code><pre>y</pre>',
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
      '<img alt="a" src="https://example.com/a.png" />',
      `<img src="${MEDIA}" />`,
      `<audio controls src="${MEDIA}"></audio>`,
    ];
    for (const html of kept) expect(sanitizeFieldHtml(html), html).toBe(html);
  });

  it('forces links to open safely and keeps only http, https and mailto', () => {
    expect(sanitizeFieldHtml('<a href="https://ex.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://ex.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeFieldHtml('<a href="mailto:a@b.c">m</a>')).toContain('href="mailto:a@b.c"');
  });

  it('keeps a span colour and drops every other style', () => {
    expect(sanitizeFieldHtml('<span style="color:red;font-size:99px">x</span>')).toBe(
      '<span style="color:red">x</span>',
    );
    expect(sanitizeFieldHtml('<div style="color:red">x</div>')).toBe('<div>x</div>');
  });

  it('keeps math delimiters as text for the client to typeset', () => {
    for (const math of ['\\(a^2 + b^2\\)', '\\[\\frac{1}{2}\\]', '[$]x_1[/$]', '\\(x &lt; y\\)']) {
      expect(sanitizeFieldHtml(math)).toBe(math);
    }
  });
});
