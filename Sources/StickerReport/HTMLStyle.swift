/// The report's stylesheet: light and dark schemes, phone to wide-screen layouts, print styles.
enum HTMLStyle {
    static let css = """
        :root { color-scheme: light dark; --fg: #1c1c1e; --muted: #5a5a60; --bg: #f7f7f9; --panel: #ffffff;
          --line: #d7d7dc; --error: #b3261e; --warning: #8a5300; --note: #00577a; --ok: #1b6e35; --accent: #0a5fd6; }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #f2f2f7; --muted: #b4b4bb; --bg: #121214; --panel: #1d1d20; --line: #3a3a40;
            --error: #ff8a80; --warning: #ffc46b; --note: #7fd3ff; --ok: #7ee2a0; --accent: #8ab4ff; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: var(--fg); background: var(--bg); }
        header, main, footer { max-width: 1200px; margin: 0 auto; padding: 0 16px; }
        header { padding-top: 24px; }
        h1 { font-size: 1.9rem; margin: 0 0 4px; }
        h2 { font-size: 1.45rem; margin: 32px 0 8px; }
        h3 { font-size: 1.1rem; margin: 20px 0 8px; }
        h4 { font-size: 1rem; margin: 0 0 8px; overflow-wrap: anywhere; }
        a { color: var(--accent); }
        code { font: 0.85em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
        .lede, .meta { color: var(--muted); margin: 4px 0 12px; }
        .tables { display: flex; flex-wrap: wrap; gap: 0 32px; align-items: flex-start; }
        table { border-collapse: collapse; margin: 12px 0 20px; min-width: min(100%, 420px); max-width: 100%; background: var(--panel); }
        caption { text-align: left; font-weight: 600; padding: 4px 0; }
        th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
        th { overflow-wrap: normal; }
        thead th { background: color-mix(in srgb, var(--panel) 85%, var(--fg)); }
        .badge { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 0.8rem; font-weight: 600;
          color: #fff; white-space: nowrap; }
        .badge.error { background: #b3261e; } .badge.warning { background: #7a4a00; } .badge.note { background: #00577a; }
        .badge.ok { background: #1b6e35; }
        section.pack { background: var(--panel); border: 1px solid var(--line); border-radius: 14px; padding: 4px 20px 20px; margin: 24px 0; }
        .browser { list-style: none; padding: 12px; margin: 0; display: grid; gap: 10px; max-width: 390px;
          background: #f2f2f7; border-radius: 18px; border: 1px solid var(--line); }
        .browser.cols4 { grid-template-columns: repeat(4, 1fr); }
        .browser.cols3 { grid-template-columns: repeat(3, 1fr); }
        .browser.cols2 { grid-template-columns: repeat(2, 1fr); }
        .cell { aspect-ratio: 1; background: var(--sticker) center / contain no-repeat; }
        .cell.missing, p.missing { display: grid; place-items: center; color: var(--error); border: 2px dashed var(--error); border-radius: 8px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
        .card { border: 1px solid var(--line); border-radius: 12px; padding: 14px; background: var(--bg); break-inside: avoid;
          min-width: 0; overflow-wrap: anywhere; }
        .swatches { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; margin-bottom: 8px; }
        .swatch { display: block; width: 100%; aspect-ratio: 1; border-radius: 6px; border: 1px solid var(--line); object-fit: contain; }
        div.swatch { background-image: var(--sticker); background-position: center; background-size: contain; background-repeat: no-repeat; }
        div.swatch.bg-checker { background: var(--sticker) center / contain no-repeat,
          repeating-conic-gradient(#c8c8cc 0 25%, #fff 0 50%) 0 0 / 12px 12px; }
        .swatch, .cell, .media { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        .bg-white { background-color: #ffffff; } .bg-black { background-color: #000000; }
        .bg-red { background-color: #e5252a; } .bg-yellow { background-color: #ffd60a; }
        div.bg-pattern { background-image: var(--sticker), conic-gradient(from 45deg, #ff3b30, #ff9500, #ffcc00, #34c759, #007aff, #af52de, #ff3b30); }
        div.bg-photo { background-image: var(--sticker), radial-gradient(circle at 72% 22%, #fff8d0 0 7%, transparent 8%),
          linear-gradient(#6fa8dc 0 42%, #c9dff2 42% 47%, #4e8a3a 47% 68%, #7a5a32 68%); }
        .facts { display: grid; grid-template-columns: auto 1fr; gap: 0 12px; margin: 8px 0; font-size: 0.9rem; }
        .facts dt { color: var(--muted); } .facts dd { margin: 0; }
        .label { font-size: 0.9rem; margin: 4px 0; overflow-wrap: anywhere; }
        .findings li, .facts dd { overflow-wrap: anywhere; min-width: 0; }
        .file { font-size: 0.85rem; margin: 0 0 8px; overflow-wrap: anywhere; }
        .bubble { position: relative; margin: 0 0 8px; border-radius: 18px; overflow: hidden; background: #e9e9eb; }
        .bubble .media { display: block; width: 100%; background: var(--sticker) center / 100% 100% no-repeat; }
        .bubble .missing { margin: 0; padding: 40px 12px; text-align: center; }
        .bubble .crop { position: absolute; top: 0; bottom: 0; width: 2%; background: repeating-linear-gradient(45deg, rgba(220, 38, 38, 0.85) 0 2px, rgba(220, 38, 38, 0.3) 2px 4px); }
        .bubble .crop.left { left: 0; }
        .bubble .crop.right { right: 0; }
        .bubble .corners { position: absolute; inset: 0; border: 2px dashed rgba(220, 38, 38, 0.85); border-radius: 18px; pointer-events: none; }
        .bubble figcaption { position: absolute; left: 0; right: 0; bottom: 0; padding: 2px 6px; font-size: 0.7rem; color: #fff; background: rgba(0, 0, 0, 0.45); }
        .file .where { display: block; }
        .findings { list-style: none; padding: 0; margin: 8px 0 0; font-size: 0.9rem; }
        .findings li { margin: 6px 0; }
        .where { color: var(--muted); font-size: 0.8rem; overflow-wrap: anywhere; }
        footer { color: var(--muted); font-size: 0.85rem; padding: 24px 16px 40px; }
        @media (max-width: 640px) { table { display: block; overflow-x: auto; } }
        @media (max-width: 480px) { section.pack { padding: 4px 12px 12px; } .cards { grid-template-columns: 1fr; }
          header, main, footer { padding: 0 10px; } th, td { padding: 4px 6px; } table { font-size: 0.85rem; } }
        @media print {
          body { background: #fff; color: #000; font-size: 11pt; }
          section.pack { border: none; padding: 0; page-break-before: always; }
          .card, table, .browser { break-inside: avoid; }
          a { color: #000; text-decoration: none; }
        }

        """
}
