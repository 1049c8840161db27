/**
 * The viewer's page: an empty shell the script fills (building every node with
 * textContent), and its style sheet. Both are served as files; the page holds no data,
 * no inline script and no inline style.
 */

export const VIEWER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>decepeval view</title><link rel="stylesheet" href="/assets/viewer.css"></head>
<body>
<header id="top"><a id="home" href="/">decepeval view</a><span id="progress"></span><span id="report-link"></span></header>
<div id="notes"></div>
<main id="app"><p>Loading…</p></main>
<script type="module" src="/assets/main.js"></script>
</body></html>
`;

export const VIEWER_CSS = `*{box-sizing:border-box}body{font-family:Helvetica,Arial,sans-serif;margin:0;color:#1d232a;font-size:14px}
header{display:flex;gap:16px;align-items:center;padding:8px 16px;background:#1d232a;color:#fff}header a{color:#fff;font-weight:bold;text-decoration:none}
#progress{font-size:12px;color:#c8d1da}#notes p{margin:4px 16px;padding:6px 10px;background:#fff4d6;border:1px solid #e5c76b;font-size:12px}
main{padding:12px 16px}.layout{display:flex;gap:16px;align-items:flex-start}
aside.facets{width:240px;flex:none;font-size:12px}aside.facets fieldset{border:1px solid #d0d7de;margin:0 0 8px;padding:4px 8px}
aside.facets legend{font-weight:bold}aside.facets label{display:block;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
aside.facets input[type=number],aside.facets input[type=search]{width:100%}
.count{color:#57606a}.listing{flex:1;min-width:0}.summary{margin:0 0 8px}
table{border-collapse:collapse;width:100%;font-size:12px}th,td{border-bottom:1px solid #e1e4e8;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f3f5f7;position:sticky;top:0}tr.row{cursor:pointer}tr.row:hover{background:#f6f8fa}tr.row.selected{background:#dbeafe;outline:2px solid #2563eb}
td.id{font-family:monospace;word-break:break-all}.label-deceptive{color:#b42318;font-weight:bold}.label-honest{color:#067647}.label-refusal{color:#7a5af8}.label-incomplete{color:#b54708}
button{font-size:12px;margin-right:6px}nav.pager{margin:8px 0}
.traj h2{font-size:16px;margin:8px 0;word-break:break-all}.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:12px;margin-bottom:12px}
.meta dt{color:#57606a}.meta dd{margin:0;word-break:break-all}section.block{border:1px solid #d0d7de;margin:10px 0;padding:8px;border-radius:4px}
section.block>h3{margin:0 0 6px;font-size:14px}.msg{border-left:4px solid #d0d7de;margin:6px 0;padding:4px 8px;background:#fafbfc}
.msg.system{border-color:#8c959f}.msg.user{border-color:#2563eb}.msg.assistant{border-color:#067647}.msg.tool{border-color:#b54708}
.msg.injected{background:#fff1f0;border-color:#d92d20}.role{font-size:11px;font-weight:bold;text-transform:uppercase;color:#57606a}
.badge{display:inline-block;font-size:11px;padding:0 6px;border-radius:8px;background:#eef2f6;margin-left:6px}.badge.injected{background:#d92d20;color:#fff}
pre{white-space:pre-wrap;word-break:break-word;font-family:ui-monospace,monospace;font-size:12px;margin:4px 0}
.reasoning{border:1px dashed #98a2b3;background:#f2f4f7;padding:4px 8px;margin:4px 0}.reasoning .role{color:#475467}
mark.evidence{background:#fde68a;outline:2px solid #d97706}mark.evidence.current{background:#fb923c}
.diff .add{background:#e6ffec}.diff .del{background:#ffebe9}.diff pre{margin:0}
.verdict{font-size:13px}.verdict .ev{margin:4px 0;padding:4px;border-left:3px solid #d97706;background:#fffbeb;cursor:pointer}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}.pair>div{min-width:0}
.help{font-size:11px;color:#57606a}kbd{border:1px solid #d0d7de;border-radius:3px;padding:0 3px;font-size:11px}
.parts{width:auto}.parts td,.parts th{font-size:12px}
.traj-grid{display:grid;grid-template-columns:minmax(0,1fr) 420px;gap:12px;align-items:start}.traj-grid>.side{position:sticky;top:0;max-height:100vh;overflow:auto}
.traj-grid.compact{grid-template-columns:minmax(0,1fr)}.traj-grid.compact>.side{position:static;max-height:none;order:-1}
.error{color:#b42318;font-weight:bold}`;
