/**
 * The stored-XSS corpus of issue 7: strings a user could type into any field that the app later
 * displays, each trying to run script when shown. Every payload either calls a dialog (alert,
 * confirm, prompt), which Playwright notices, or sets `window.__xss`, which a page check reads.
 *
 * It lives under e2e/support because three suites share it and this is the one place each may
 * import without breaking the docs/architecture.md arrows: the web unit tests (apps/web/src/test/xss-*.test.tsx),
 * the server mail test (apps/server/test/api/xss-mail.test.ts) and the browser pass (e2e/xss.spec.ts).
 * It imports nothing, so each bundler takes it as is.
 *
 * Fields that do not exist yet (lessons, stand-ups, evaluation answers) plug in where the suites
 * list their fields — one more entry in `FIELDS` of the web test and one more seeding call in the
 * browser pass; the corpus itself does not change.
 */

/** The code each payload runs: a dialog or a flag. */
const CODE = ['alert(1)', 'window.__xss=1', 'confirm(1)', 'prompt(1)'] as const;

/** `javascript:` as browsers and parsers have been fooled into accepting it. */
const SCRIPT_SCHEMES: readonly ((code: string) => string)[] = [
  (code) => `javascript:${code}`,
  (code) => `JaVaScRiPt:${code}`,
  (code) => `java\tscript:${code}`,
  (code) => `java\nscript:${code}`,
  (code) => `java\rscript:${code}`,
  (code) => ` \u0001 javascript:${code}`,
  (code) => `&#106;avascript:${code}`,
  (code) => `&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${code}`,
  (code) =>
    `&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${code}`,
  (code) => `javascript&colon;${code}`,
  (code) => `jav&#x09;ascript:${code}`,
  (code) => `javascript://%0a${code}`,
  (code) => `\\u006Aavascript:${code}`,
  (code) => `%6A%61%76%61%73%63%72%69%70%74:${code}`,
  (code) => `vbscript:msgbox(${JSON.stringify(code)})`,
  (code) => `data:text/html,<script>${code}</script>`,
  (code) => `data:text/html;base64,${base64(`<script>${code}</script>`)}`,
  (code) =>
    `data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${code}"/>`)}`,
];

/** Where a URL goes: Markdown links of every kind, and the HTML attributes that follow one. */
const URL_CONTEXTS: readonly ((url: string) => string)[] = [
  (url) => `[click me](${url})`,
  (url) => `![image](${url})`,
  (url) => `[reference link][xss]\n\n[xss]: ${url}`,
  (url) => `<${url}>`,
  (url) => `<a href="${url}">click me</a>`,
  (url) => `<iframe src="${url}"></iframe>`,
];

/** HTML that runs code by itself, no click needed. `$` stands for the code. */
const HTML_CONTEXTS = [
  '<script>$</script>',
  '<img src=x onerror=$>',
  '<img src="x" onerror="$">',
  '<svg onload=$>',
  '<svg/onload=$>',
  '<svg><script>$</script></svg>',
  '<body onload=$>',
  '<details open ontoggle=$>',
  '<input autofocus onfocus=$>',
  '<select autofocus onfocus=$>',
  '<textarea autofocus onfocus=$>',
  '<video><source onerror=$></video>',
  '<audio src=x onerror=$>',
  '<iframe srcdoc="<script>$</script>"></iframe>',
  '<iframe onload=$></iframe>',
  '<object data="javascript:$"></object>',
  '<embed src="javascript:$">',
  '<form><button formaction="javascript:$">send</button></form>',
  '<form action="javascript:$"><input type=submit></form>',
  '<math><a xlink:href="javascript:$">click</a></math>',
  '<svg><a xlink:href="javascript:$"><text x=20 y=20>click</text></a></svg>',
  '<svg><animate onbegin=$ attributeName=x dur=1s>',
  '<svg><set attributeName=href to="javascript:$"/></svg>',
  '<marquee onstart=$>x</marquee>',
  '<div style="width:expression($)">x</div>',
  '<div style="background:url(\'javascript:$\')">x</div>',
  '<style>@import "javascript:$";</style>',
  '<link rel=import href="data:text/html,<script>$</script>">',
  '<isindex type=image src=1 onerror=$>',
  '<table background="javascript:$">',
  '"><img src=x onerror=$>',
  "'><svg onload=$>",
  '</textarea><script>$</script>',
  '</title><script>$</script>',
  '<<script>$//<</script>',
  '<scr<script>ipt>$</scr</script>ipt>',
  '<IMG SRC=x OnErRoR=$>',
  '<img src=x onerror\n=$>',
  '<img\tsrc=x\tonerror=$>',
  '<a href="#" onclick="$">click</a>',
  '<div onmouseover="$">hover</div>',
  '<p onpointerenter=$>point</p>',
] as const;

/** Markdown around HTML: the raw tag inside emphasis, quotes, lists, tables and headings. */
const MARKDOWN_WRAPPERS: readonly ((html: string) => string)[] = [
  (html) => `**${html}**`,
  (html) => `> ${html}`,
  (html) => `- item\n- ${html}`,
  (html) => `| a | b |\n|---|---|\n| ${html} | x |`,
  (html) => `# ${html}`,
  (html) => `\`code\` ${html} \`code\``,
];

/** Classics written out by hand: mutation XSS, parser confusion, meta refresh, base, CSS, sizes. */
const HAND_WRITTEN = [
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '[x][1]\n\n[1]: javascript:alert(1)',
  '[x]\n\n[x]: javascript:window.__xss=1 "title"',
  '<javascript:alert(1)>',
  '<JAVASCRIPT:alert(1)>',
  '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '[x](https://example.com"onmouseover="alert(1))',
  '[x]( javascript:alert(1) )',
  '[x](<javascript:alert(1)>)',
  '[x](javascript&#58;alert(1))',
  '[x](javas&#99;ript:alert(1))',
  '[x](\\javascript:alert(1))',
  '[x](#" onclick="alert(1))',
  '[![img](https://example.com/a.png)](javascript:alert(1))',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<template><script>alert(1)</script></template>',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  '<listing>&lt;img src=x onerror=alert(1)&gt;</listing>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<base href="javascript:alert(1)//">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<div style="xss:expression(alert(1))">x</div>',
  '<div style="background-image:url(javascript:alert(1))">x</div>',
  '<div style="-moz-binding:url(https://evil.example/xss.xml#x)">x</div>',
  '<div style="behavior:url(xss.htc)">x</div>',
  '<style>*{background:url("javascript:alert(1)")}</style>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<img """><script>alert(1)</script>">',
  '<img src=x:alert(alt) onerror=eval(src) alt=1>',
  '<svg><script href=data:,alert(1) />',
  '<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg><image href=1 onerror=alert(1) /></svg>#x" />',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<frameset onload=alert(1)>',
  '<applet code="javascript:alert(1)"></applet>',
  '<keygen autofocus onfocus=alert(1)>',
  '<video poster=javascript:alert(1)//></video>',
  '<button form=x formaction=javascript:alert(1)>x</button>',
  '<isindex action=javascript:alert(1) type=submit value=click>',
  '<input type=image src=x onerror=alert(1)>',
  '<img srcset="x 1x, javascript:alert(1) 2x">',
  '<a ping="javascript:alert(1)" href="#">x</a>',
  '<script src="data:,alert(1)"></script>',
  '<script>/*</script><script>*/alert(1)</script>',
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
  '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '＜script＞alert(1)＜/script＞',
  '<ſcript>alert(1)</ſcript>',
  '<script\x00>alert(1)</script>',
  '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>',
  '<img src=x onerror=\\u0061lert(1)>',
  "<img src=x onerror=\"window['al'+'ert'](1)\">",
  '<img src=x onerror=top[8680439..toString(30)](1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '{{7*7}}<img src=x onerror=alert(1)>',
  '```html\n<script>alert(1)</script>\n```\n<img src=x onerror=alert(1)>',
  '    <script>alert(1)</script>',
  '<!-- <img src=x onerror=alert(1)> -->',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?xml version="1.0"?><script>alert(1)</script>',
  '<div id="x"></div><script>document.getElementById("x").innerHTML="<img src=x onerror=alert(1)>"</script>',
  '**[bold link](javascript:alert(1))** and *<img src=x onerror=alert(1)>*',
  '[a](javascript:alert(1)) [b](vbscript:alert(1)) [c](data:text/html,x) [d](https://example.com)',
  '<details><summary>[x](javascript:alert(1))</summary><img src=x onerror=alert(1)></details>',
  `${'[x](javascript:alert(1)) '.repeat(200)}`,
  `${'<img src=x onerror=alert(1)>'.repeat(150)}`,
  `${'A'.repeat(5000)}<script>alert(1)</script>`,
  `${'*'.repeat(500)}<svg onload=alert(1)>${'_'.repeat(500)}`,
  `${'['.repeat(300)}x${']'.repeat(300)}(javascript:alert(1))`,
  `${'> '.repeat(100)}<img src=x onerror=alert(1)>`,
] as const;

function base64(text: string): string {
  // Node (server, e2e) has Buffer, the browser and jsdom have btoa; payloads are ASCII.
  return btoa(text);
}

function generated(): string[] {
  const urls = SCRIPT_SCHEMES.flatMap((scheme) =>
    URL_CONTEXTS.flatMap((context) => [context(scheme('alert(1)')), context(scheme('window.__xss=1'))]),
  );
  const html = HTML_CONTEXTS.flatMap((template, i) => [
    template.replaceAll('$', CODE[i % CODE.length]!),
    template.replaceAll('$', 'window.__xss=1'),
  ]);
  const wrapped = MARKDOWN_WRAPPERS.flatMap((wrap) =>
    ['<img src=x onerror=alert(1)>', '<svg onload=window.__xss=1>', '[x](javascript:alert(1))'].map(wrap),
  );
  return [...urls, ...html, ...wrapped];
}

/** Every payload, without repeats: at least 300. */
export const XSS_PAYLOADS: readonly string[] = [...new Set([...HAND_WRITTEN, ...generated()])];

/** The payloads a field of at most `maxLength` characters accepts (names, titles, labels). */
export function payloadsFitting(maxLength: number): string[] {
  return XSS_PAYLOADS.filter((payload) => payload.trim().length > 0 && payload.trim().length <= maxLength);
}
