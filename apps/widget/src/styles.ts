import { LIMITS } from "@holboo/core/limits.ts";

export const css = (brand: string, text: string) => `
*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#fff}
#app{display:flex;flex-direction:column;height:100vh}
header{display:flex;align-items:center;gap:10px;padding:12px 14px;background:${brand};color:${text}}
header img{width:32px;height:32px;border-radius:50%;background:#fff;object-fit:contain}
header h1{font-size:15px;margin:0;flex:1}header button{background:none;border:0;color:inherit;font-size:20px;cursor:pointer}
.log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;background:#f8f9fa}
.greeting,.notice,.away{font-size:13px;color:#495057;background:#fff;border-radius:12px;padding:10px 12px;border:1px solid #e9ecef}
.notice{align-self:center;font-size:12px;background:#edf2ff;border:0}.away{background:#fff9db;border-color:#ffe066}
.faq{display:flex;flex-wrap:wrap;gap:6px}.choices{margin-top:6px;max-width:${LIMITS.bubbleMaxWidthOther}px}.faq button{border:1px solid ${brand};color:${brand};background:#fff;border-radius:16px;padding:5px 10px;cursor:pointer;font-size:12px}
.row{display:flex;gap:6px;align-items:flex-end}.row.you{flex-direction:row-reverse}
.avatar{width:26px;height:26px;border-radius:50%;background:#dbe4ff;color:#364fc7;font-size:11px;font-weight:600;display:flex;align-items:center;justify-content:center;flex:none}
.bubble{max-width:${LIMITS.bubbleMaxWidthOther}px;padding:8px 11px;border-radius:14px;white-space:pre-wrap;word-wrap:break-word;background:#fff;border:1px solid #e9ecef}
.you .bubble{background:${brand};color:${text};border:0}
.meta{font-size:11px;color:#868e96;margin-top:2px;display:flex;gap:4px;align-items:center}.you .meta{justify-content:flex-end}
.meta svg{width:12px;height:12px}.meta .retry{color:#e03131;background:none;border:0;cursor:pointer;font-size:11px;padding:0;display:flex;gap:3px;align-items:center}
.bubble a{color:inherit}.bubble .file{background:none;border:0;padding:0;color:inherit;text-decoration:underline;cursor:pointer;font:inherit;text-align:left}.typing{font-size:12px;color:#868e96;padding:0 14px 4px;min-height:18px}
form{display:flex;gap:6px;padding:10px;border-top:1px solid #e9ecef;align-items:flex-end}
textarea{flex:1;resize:none;border:1px solid #dee2e6;border-radius:10px;padding:8px;font:inherit;max-height:96px}
form button{border:0;border-radius:10px;padding:8px 12px;cursor:pointer;background:${brand};color:${text}}
form .attach{background:#f1f3f5;color:#495057}.error{color:#e03131;font-size:12px;padding:0 12px}
`;

export const ICONS = {
  sent: '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5"><path d="M5 12l5 5L20 7"/></svg>',
  seen: '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/></svg>',
  retry: '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><circle cx="12" cy="12" r="9"/><path d="M12 8v4M12 16h.01"/></svg>',
  sending:
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M12 3a9 9 0 1 0 9 9"><animateTransform attributeName="transform" type="rotate" from="0 12 12" to="360 12 12" dur="1s" repeatCount="indefinite"/></path></svg>',
  clip: '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M21 11l-9 9a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8-8"/></svg>',
} as const;
