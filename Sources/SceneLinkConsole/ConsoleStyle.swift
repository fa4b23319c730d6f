/// The console's one style sheet, served at `/console/console.css` (the pages link it; the
/// Content-Security-Policy allows `style-src 'self'` and nothing inline). No framework, no
/// script, under 20 KB (a test holds it there).
///
/// The console's own design system, in the link page's palette (its greys, its blue, its
/// rounded cards) so the two look like one product:
/// - **Layout**: a bar with the name, the navigation and sign-out; the page a column as wide as
///   the screen up to 100rem, from 320 px to 2560 px. On a phone (under 60rem) the navigation is
///   a row of its own that scrolls sideways, never off the screen; nothing needs JavaScript.
/// - **Cards**: every block of a page (a form, a table, a list of facts, a chart) on its own
///   rounded surface; tables scroll sideways inside their card (`.table-wrap`), long words and
///   ids break, so no page is wider than the screen.
/// - **Forms**: a label above each field, each box with its label beside it (`.choice`, or a
///   box followed by its label), buttons and boxes of 24 px or more (WCAG 2.5.8).
/// - **Tables**: numbers right-aligned in tabular figures (`.number`, on heading and cells).
/// - **Chips** for tags (`.chip`), **status badges** (`.status-ok`, `-warn`, `-bad`).
/// - **Feedback**: the notification banner (`.banner`) and the error summary
///   (`.error-summary`, `.field-error`) of GOV.UK's patterns.
/// - Every text colour at least 4.5:1 on its background (WCAG 2 AA) in the light and the dark
///   scheme (`prefers-color-scheme`), a visible focus ring on every control, a skip link that
///   appears when focused, `.visually-hidden` for text only screen readers need.
package enum ConsoleStyle {
    package static let path: StaticString = "/console/console.css"

    /// The most the style sheet may weigh.
    package static let maximumBytes = 20_480

    package static let css = """
    :root{color-scheme:light dark;--bg:#f5f5f7;--card:#fff;--card-alt:#fafafc;--fg:#1d1d1f;--muted:#5f5f66;--line:#d2d2d7;--field-line:#86868b;--accent:#0058b8;--accent-bg:#e6f0fd;--primary:#0066cc;--on-primary:#fff;--bar:#0066cc;--ok:#17693a;--ok-bg:#e3f3e8;--on-ok:#fff;--warn:#80510a;--warn-bg:#fdf1dc;--bad:#b3261e;--bad-bg:#fce8e6;--on-bad:#fff;--radius:1rem;--shadow:0 1px 2px rgba(0,0,0,.05),0 4px 16px rgba(0,0,0,.05);--font:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
    @media (prefers-color-scheme:dark){:root{--bg:#0b0b0d;--card:#1c1c1f;--card-alt:#232327;--fg:#f2f2f7;--muted:#a8a8b0;--line:#3a3a3f;--field-line:#8e8e96;--accent:#7cb8ff;--accent-bg:#0f2c4d;--primary:#7cb8ff;--on-primary:#0b0b0d;--bar:#7cb8ff;--ok:#6fdc8c;--ok-bg:#0f2d1b;--on-ok:#0b0b0d;--warn:#f2c05c;--warn-bg:#33260a;--bad:#ff8a80;--bad-bg:#3b1513;--on-bad:#0b0b0d;--shadow:0 0 0 1px #2c2c31}}
    *,*::before,*::after{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
    body{margin:0;min-width:320px;font:16px/1.5 var(--font);color:var(--fg);background:var(--bg)}
    a{color:var(--accent);text-underline-offset:.18em;text-decoration-thickness:1px}
    a:hover{text-decoration-thickness:2px}
    :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
    .skip{position:absolute;left:-10000px;top:.5rem;z-index:2;padding:.6rem 1rem;border-radius:.6rem;background:var(--card);font-weight:600}
    .skip:focus{left:.5rem}
    .visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
    .muted{color:var(--muted)}

    /* The bar: name, navigation, sign-out. On a phone the navigation is a row of its own that scrolls sideways; no script. */
    header{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.6rem max(1rem,calc((100% - 100rem)/2));background:var(--card);border-bottom:1px solid var(--line)}
    header .brand{display:flex;align-items:center;gap:.55rem;margin:0;font-weight:700;font-size:1.0625rem;letter-spacing:-.01em;white-space:nowrap}
    header .brand::before{content:"";width:1.5rem;height:1.5rem;border-radius:.45rem;background:linear-gradient(135deg,#0066cc,#5e5ce6)}
    header nav{order:3;flex:1 0 100%;min-width:0}
    header form{margin-left:auto}
    nav ul{display:flex;gap:.25rem;margin:0;padding:.2rem;list-style:none;overflow-x:auto;scrollbar-width:thin;overscroll-behavior-x:contain}
    nav li{flex:none}
    nav a{display:flex;align-items:center;min-height:2.5rem;padding:.25rem .85rem;border-radius:999px;color:var(--fg);text-decoration:none;white-space:nowrap}
    nav a:hover{background:var(--accent-bg)}
    nav a[aria-current=page]{background:var(--accent-bg);color:var(--accent);font-weight:600}
    @media (min-width:60rem){header{flex-wrap:nowrap}header nav{order:0;flex:1 1 auto}}

    /* The page: a column as wide as the screen up to 100rem, with room at its sides. */
    main{max-width:100rem;margin:0 auto;padding:1.5rem max(1rem,calc(2.5vw)) 4rem;overflow-wrap:break-word}
    main>*{min-width:0}
    h1{margin:.25rem 0 1.25rem;font-size:clamp(1.6rem,1.3rem + 1.2vw,2.1rem);line-height:1.2;letter-spacing:-.02em;overflow-wrap:anywhere}
    h2{margin:2rem 0 .75rem;font-size:1.25rem;line-height:1.3;letter-spacing:-.01em}
    h3{margin:1.5rem 0 .5rem;font-size:1.0625rem}
    p{max-width:75ch}
    code,pre,.secret{font-family:var(--mono);font-size:.9375em}
    code{overflow-wrap:anywhere}
    .table-wrap code{overflow-wrap:normal}
    figure{margin:0 0 1.5rem}
    figcaption{overflow-wrap:anywhere}
    pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 1.5rem}

    /* Cards: each block of a page on its own surface, as the link page's card. */
    :is(main,.cards>section)>:is(form,dl,details,fieldset,figure,pre){margin:0 0 1.5rem;padding:1rem 1.25rem;background:var(--card);border-radius:var(--radius);box-shadow:var(--shadow)}
    @media (min-width:48rem){main>form[method=get]:not(:has(fieldset)),main>form[method=get]>fieldset{display:grid;grid-template-rows:auto auto;grid-auto-flow:column;grid-auto-columns:minmax(0,1fr);align-items:end;column-gap:1rem}
    main>form[method=get] :is(label,p){margin:0}main>form[method=get]>p{grid-row:2}main>form[method=get]>fieldset+button{margin-top:.75rem}}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,26rem),1fr));gap:0 1.5rem;align-items:start}
    .cards>section{min-width:0}

    /* Data lists (the System page's facts): term beside value, stacked on a phone. */
    dl{display:grid;grid-template-columns:minmax(0,1fr);gap:.15rem 1.5rem}
    dt{font-weight:600;color:var(--muted);font-size:.875rem}
    dd{margin:0 0 .6rem;overflow-wrap:anywhere}
    @media (min-width:40rem){dl{grid-template-columns:minmax(9rem,max-content) minmax(0,1fr)}dd{margin:0}}

    /* Tables: in a card that scrolls sideways on its own when wider than the screen. */
    .table-wrap{max-width:100%;margin:0 0 1.5rem;overflow-x:auto;background:var(--card);border-radius:var(--radius);box-shadow:var(--shadow)}
    table{width:100%;border-collapse:collapse;font-size:.9375rem}
    caption{padding:.85rem 1rem .5rem;text-align:left;font-weight:600;caption-side:top;color:var(--fg)}
    th,td{padding:.6rem 1rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
    thead th{padding-top:.5rem;padding-bottom:.5rem;font-size:.8125rem;font-weight:600;letter-spacing:.02em;color:var(--muted);background:var(--card-alt);white-space:nowrap}
    tbody tr:last-child>*{border-bottom:0}
    tbody tr:hover{background:var(--card-alt)}
    .number{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    td form{display:inline-block;margin:0 .25rem .25rem 0}
    details .table-wrap{margin:.5rem 0 0;box-shadow:none;border:1px solid var(--line)}
    summary{min-height:1.5rem;padding:.25rem 0;font-weight:600;cursor:pointer}
    form details{margin:1rem 0}
    form details fieldset{margin:.75rem 0 0;min-width:0}

    /* Links that stand alone (in a cell, a list, a paragraph of their own) are targets of 24 px or more. */
    :is(td,th,li,dd)>a,p>a:only-child{display:inline-block;min-width:1.5rem;min-height:1.5rem}

    /* Forms: a label above each field, a box with its label beside it. */
    label{display:block;margin:1rem 0 .35rem;font-weight:600}
    form>label:first-of-type,fieldset>label:first-of-type{margin-top:0}
    input:not([type=checkbox],[type=radio],[type=hidden]),select,textarea{display:block;width:100%;max-width:40rem;min-height:2.75rem;padding:.55rem .75rem;font:inherit;color:var(--fg);background:var(--card);border:1px solid var(--field-line);border-radius:.6rem}
    textarea{min-height:8rem;font-family:var(--mono);font-size:.875rem}
    input[type=checkbox],input[type=radio]{flex:none;width:1.5rem;height:1.5rem;margin:0;vertical-align:middle;accent-color:var(--primary)}
    input[type=checkbox]+label,input[type=radio]+label{display:inline;margin:0 0 0 .5rem;font-weight:400}
    p:has(>input[type=checkbox]){display:flex;align-items:flex-start;gap:.6rem}
    p>input[type=checkbox]+label{margin:0}
    fieldset{min-width:0;margin:1rem 0;padding:.75rem 1rem 1rem;border:1px solid var(--line);border-radius:.75rem}
    legend{padding:0 .35rem;font-weight:600}
    fieldset:has(>input[type=checkbox]){display:grid;grid-template-columns:repeat(auto-fill,1.5rem minmax(10rem,1fr));align-items:center;gap:.6rem .6rem}
    fieldset:has(>input[type=checkbox])>input+label{margin:0}
    fieldset.choices{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,13rem),1fr));gap:.6rem 1rem}
    fieldset>.field-error{grid-column:1/-1}
    .choice{display:flex;align-items:center;gap:.5rem}
    .choice>label{margin:0}
    button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1.1rem;font:inherit;font-weight:600;color:var(--on-primary);background:var(--primary);border:1px solid transparent;border-radius:.6rem;cursor:pointer}
    button:hover{filter:brightness(1.08)}
    :is(td,header) button{min-height:2.25rem;padding:.3rem .8rem;color:var(--accent);background:var(--accent-bg)}
    form[action$="/delete"] button[type=submit]{color:var(--on-bad);background:var(--bad)}
    form p:last-child{margin-bottom:0}

    /* Chips, status badges, secrets. */
    .chip{display:inline-block;min-height:1.5rem;margin:.1rem .2rem .1rem 0;padding:0 .65rem;border-radius:999px;font-size:.8125rem;line-height:1.5rem;color:var(--accent);background:var(--accent-bg);text-decoration:none;white-space:nowrap}
    .chip:hover{text-decoration:underline}
    .status{display:inline-block;padding:.05rem .6rem;border-radius:999px;font-size:.8125rem;font-weight:600;white-space:nowrap}
    .status-ok{color:var(--ok);background:var(--ok-bg)}
    .status-warn{color:var(--warn);background:var(--warn-bg)}
    .status-bad{color:var(--bad);background:var(--bad-bg)}
    .error{color:var(--bad);font-weight:600}
    .secret{display:block;max-width:100%;padding:.75rem 1rem;border:2px dashed var(--accent);border-radius:.75rem;background:var(--card);word-break:break-all}

    /* Feedback: the banner of a change just made, the summary of a refused form (GOV.UK's patterns). */
    .banner{margin:0 0 1.5rem;border:3px solid var(--ok);border-radius:var(--radius);background:var(--ok-bg);overflow:hidden}
    .banner-title{margin:0;padding:.3rem 1rem;font-size:1rem;color:var(--on-ok);background:var(--ok)}
    .banner-message{margin:0;padding:.85rem 1rem;font-size:1.125rem;font-weight:700;overflow-wrap:anywhere}
    .error-summary{margin:0 0 1.5rem;padding:1rem 1.25rem;border:3px solid var(--bad);border-radius:var(--radius);background:var(--card)}
    .error-summary:focus{outline:3px solid var(--accent);outline-offset:2px}
    .error-summary-title{margin:0 0 .5rem;font-size:1.25rem}
    .error-summary-list{margin:0;padding-left:1.25rem}
    .error-summary-list a{font-weight:600;color:var(--bad)}
    .field-error{margin:.25rem 0 .35rem;color:var(--bad);font-weight:600}
    [aria-invalid=true]{border:2px solid var(--bad)!important}

    /* Charts: SVG drawn on the server, as wide as their card. */
    .chart{display:block;width:100%;max-width:100%;height:auto;margin:0 0 .5rem;padding:.75rem;background:var(--card);border-radius:var(--radius);box-shadow:var(--shadow)}
    figure .chart{max-width:60rem;padding:0;box-shadow:none}
    .chart rect.bar{fill:var(--bar)}
    .chart line{stroke:var(--muted)}
    .chart text{fill:var(--fg);font-size:10px}
    summary{display:list-item;min-height:1.5rem;padding:.35rem 0;font-weight:600;cursor:pointer}
    figure.qr{display:inline-block;max-width:100%}
    figure.qr svg{display:block;width:12rem;max-width:100%;height:auto;background:#fff;border-radius:.5rem}
    """
}
