import { SOURCE, isMessage, type ToChat, type ToLoader, type VisitorIdentityHint } from "./protocol.ts";

/**
 * The embed: `<script src="https://holboo.example/widget/loader.js" data-holboo-key="…" async>`.
 * A site that knows its user sets `window.HolbooSettings = { user: { user_id, user_hash, name, email } }`
 * before it, with user_hash = hex HMAC-SHA256(channel secret, user_id) computed on the site's server.
 */
(() => {
  const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>("script[data-holboo-key]");
  const key = script?.dataset.holbooKey;
  if (!script || !key || document.getElementById("holboo-webchat")) return;
  const base = new URL(script.src).origin;
  const settings = (window as unknown as { HolbooSettings?: { user?: VisitorIdentityHint } }).HolbooSettings;

  const root = document.createElement("div");
  root.id = "holboo-webchat";
  root.style.cssText = "position:fixed;right:20px;bottom:20px;z-index:2147483000;font-family:system-ui,sans-serif";
  const frame = document.createElement("iframe");
  frame.title = "Chat";
  // `v` names the app this loader was built with, so the iframe runs it while the server still has it.
  const version = __HOLBOO_WIDGET_APP__.replace(/^app\.|\.js$/g, "");
  frame.src = `${base}/webchat?key=${encodeURIComponent(key)}&parent=${encodeURIComponent(location.origin)}&v=${version}`;
  frame.allow = "clipboard-write";
  frame.style.cssText =
    "display:none;width:370px;height:560px;max-width:calc(100vw - 40px);max-height:calc(100vh - 110px);border:0;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.2);background:#fff;margin-bottom:12px";
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-label", "Chat");
  button.style.cssText =
    "width:56px;height:56px;border-radius:50%;border:0;cursor:pointer;background:#3B5BDB;color:#fff;box-shadow:0 6px 20px rgba(0,0,0,.25);position:relative;float:right";
  button.innerHTML =
    '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/></svg>';
  const badge = document.createElement("span");
  badge.style.cssText =
    "display:none;position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:#FA5252;color:#fff;font:600 12px/20px system-ui;text-align:center";
  badge.setAttribute("data-holboo-unread", "");
  button.appendChild(badge);
  root.append(frame, button);
  document.body.appendChild(root);

  let open = false;
  const post = (message: ToChat) => frame.contentWindow?.postMessage(message, base);
  const setOpen = (next: boolean) => {
    open = next;
    frame.style.display = open ? "block" : "none";
    post({ source: SOURCE, type: "visibility", open });
  };
  button.addEventListener("click", () => setOpen(!open));
  frame.addEventListener("load", () => post({ source: SOURCE, type: "init", user: settings?.user ?? null }));
  window.addEventListener("message", (event) => {
    if (event.origin !== base || event.source !== frame.contentWindow || !isMessage<ToLoader>(event.data)) return;
    const message = event.data;
    if (message.type === "ready") {
      button.style.background = message.brand_color;
      button.style.color = message.text_color;
      frame.title = message.title;
    } else if (message.type === "unread") {
      badge.textContent = message.count > 9 ? "9+" : String(message.count);
      badge.style.display = message.count > 0 ? "block" : "none";
    } else if (message.type === "close") setOpen(false);
  });
})();
