/// The console's one style sheet, served at `/console/console.css` (the pages link it; the
/// Content-Security-Policy allows `style-src 'self'` and nothing inline).
///
/// System colours and fonts, a visible focus ring on every control, a skip link that appears
/// when focused, `.visually-hidden` for text only screen readers need, and colours with a
/// contrast of at least 4.5:1 on their backgrounds (WCAG 2 AA) in light and dark schemes.
package enum ConsoleStyle {
    package static let path: StaticString = "/console/console.css"

    package static let css = """
    :root{color-scheme:light dark;--fg:#1a1a1a;--bg:#fff;--muted:#555;--line:#ccc;--accent:#0b57d0;--bar:#0b57d0;--bad:#a50e0e}
    @media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#121212;--muted:#bbb;--line:#444;--accent:#8ab4f8;--bar:#8ab4f8;--bad:#f28b82}}
    *{box-sizing:border-box}
    body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
    a{color:var(--accent)}
    :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
    .skip{position:absolute;left:-10000px;top:0;background:var(--bg);padding:.5rem}
    .skip:focus{left:.5rem}
    header{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;padding:.5rem 1rem;border-bottom:1px solid var(--line)}
    header .brand{font-weight:600;margin:0}
    nav ul{display:flex;gap:1rem;list-style:none;margin:0;padding:0}
    nav a[aria-current=page]{font-weight:700;text-decoration:none}
    header form{margin-left:auto}
    main{max-width:70rem;padding:1rem}
    table{border-collapse:collapse;margin:.5rem 0 1rem}
    th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
    td.number{text-align:right;font-variant-numeric:tabular-nums}
    label{display:block;margin:.5rem 0 .25rem}
    input[type=text],input[type=password],input[type=url],input[type=search],input[type=datetime-local],select,textarea{width:100%;max-width:36rem;padding:.4rem;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--muted)}
    button{font:inherit;padding:.35rem .9rem;color:inherit;background:var(--bg);border:1px solid var(--muted);cursor:pointer}
    fieldset{border:1px solid var(--line);margin:.5rem 0}
    .error{color:var(--bad);font-weight:600}
    .secret{font-family:ui-monospace,monospace;word-break:break-all;padding:.5rem;border:2px solid var(--accent)}
    .muted{color:var(--muted)}
    .chart{max-width:100%;height:auto}
    .chart rect.bar{fill:var(--bar)}
    .chart line{stroke:var(--muted)}
    .chart text{fill:var(--fg);font-size:10px}
    .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
    figure.qr svg{width:12rem;height:12rem;background:#fff}
    code{font-family:ui-monospace,monospace}
    pre{white-space:pre-wrap;overflow-wrap:anywhere}
    """
}
