import type { AttachmentView, Locale, MessageStatus, WebchatConfigView } from "@holboo/core";
import { initials } from "@holboo/core/text.ts";
import { relativeTime } from "@holboo/core/time.ts";
import { translate, type Catalogue } from "./i18n/index.ts";
import { ICONS } from "./styles.ts";
import { splitChoices, type Bubble, type Notice, type Thread } from "./thread.ts";

/** Creates an element; text is always set as text, so customer and staff content is never parsed as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The statuses a visitor's bubble shows (web chat has no separate delivery receipt). */
const STATUSES = ["sending", "sent", "seen", "retry"] as const satisfies readonly MessageStatus[];
const isShown = (status: MessageStatus): status is (typeof STATUSES)[number] => (STATUSES as readonly MessageStatus[]).includes(status);

export interface ViewHandlers {
  onSend(text: string): void;
  onRetry(key: string): void;
  onAttach(file: File): void;
  onDownload(attachment: AttachmentView): void;
  /** A tapped FAQ question; the server answers it from the entry at once. */
  onFaq(index: number, question: string): void;
  onClose(): void;
  onTyping(): void;
}

export class ChatView {
  readonly log = el("div", { class: "log", role: "log", "aria-live": "polite" });
  private readonly typing = el("div", { class: "typing" });
  private readonly error = el("div", { class: "error", role: "alert" });
  private readonly input = el("textarea", { rows: "1" });
  private typingTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly config: WebchatConfigView,
    private readonly locale: Locale,
    private readonly t: Catalogue,
    private readonly handlers: ViewHandlers,
  ) {}

  private text(key: string, values?: Record<string, string>) {
    return translate(this.t, key, values);
  }

  private pick(mn: string, en: string) {
    return this.locale === "en" && en ? en : mn;
  }

  mount() {
    const header = el("header");
    if (this.config.logo_url) header.append(el("img", { src: this.config.logo_url, alt: "" }));
    header.append(el("h1", {}, this.pick(this.config.name_mn, this.config.name_en)));
    const close = el("button", { type: "button", "aria-label": this.text("close") }, "×");
    close.addEventListener("click", () => this.handlers.onClose());
    header.append(close);

    const form = el("form");
    const attach = el("button", { type: "button", class: "attach", "aria-label": this.text("attach") });
    attach.innerHTML = ICONS.clip;
    const file = el("input", { type: "file", hidden: "" });
    attach.addEventListener("click", () => file.click());
    file.addEventListener("change", () => {
      const chosen = file.files?.[0];
      if (chosen) this.handlers.onAttach(chosen);
      file.value = "";
    });
    this.input.placeholder = this.text("placeholder");
    this.input.setAttribute("aria-label", this.text("placeholder"));
    this.input.addEventListener("input", () => this.handlers.onTyping());
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    const send = el("button", { type: "submit" }, this.text("send"));
    form.append(attach, file, this.input, send);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const value = this.input.value.trim();
      if (!value) return;
      this.input.value = "";
      this.handlers.onSend(value);
    });
    this.root.replaceChildren(header, this.log, this.typing, this.error, form);
  }

  setInput(value: string) {
    this.input.value = value;
  }

  get inputValue() {
    return this.input.value;
  }

  showError(message: string | null) {
    this.error.textContent = message ?? "";
  }

  showTyping(name: string) {
    this.typing.textContent = `${name} ${this.text("typing")}`;
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = setTimeout(() => (this.typing.textContent = ""), 4000);
  }

  render(thread: Thread, online: boolean) {
    const nodes: HTMLElement[] = [];
    const greeting = this.pick(this.config.greeting_mn, this.config.greeting_en);
    if (greeting) nodes.push(el("div", { class: "greeting" }, greeting));
    if (!online && !thread.interactionId) nodes.push(el("div", { class: "away" }, this.text("away")));
    if (this.config.faq.length && !thread.interactionId) {
      const faq = el("div", { class: "faq", "aria-label": this.text("faq") });
      this.config.faq.forEach((entry, index) => {
        const question = this.pick(entry.question_mn, entry.question_en);
        const button = el("button", { type: "button" }, question);
        button.addEventListener("click", () => this.handlers.onFaq(index, question));
        faq.append(button);
      });
      nodes.push(faq);
    }
    const items: Array<{ seq: number; node: HTMLElement }> = [];
    const ordered = thread.ordered();
    // Only the agent's latest message offers its choices as buttons: an older one's numbers no longer apply.
    const last = ordered.at(-1);
    const offering = last && last.isBot && !last.mine && !thread.closed ? last : null;
    ordered.forEach((bubble, index) =>
      items.push({ seq: bubble.seq ?? Number.MAX_SAFE_INTEGER - 1000 + index, node: this.bubble(bubble, bubble === offering) }),
    );
    for (const notice of thread.notices) items.push({ seq: notice.seq, node: this.notice(notice) });
    items.sort((a, b) => a.seq - b.seq);
    nodes.push(...items.map((item) => item.node));
    const atBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    this.log.replaceChildren(...nodes);
    if (atBottom || thread.ordered().at(-1)?.mine) this.log.scrollTop = this.log.scrollHeight;
  }

  private notice(notice: Notice): HTMLElement {
    if (notice.kind === "assigned") return el("div", { class: "notice" }, this.text("assigned", { name: notice.name }));
    if (notice.kind === "closed") return el("div", { class: "notice" }, this.text("closed"));
    const box = el("div", { class: "notice" });
    box.append(el("a", { href: notice.url, target: "_blank", rel: "noopener" }, this.text("rate")));
    return box;
  }

  private bubble(bubble: Bubble, offering: boolean): HTMLElement {
    const row = el("div", { class: `row ${bubble.mine ? "you" : "them"}`, "data-status": bubble.status });
    if (!bubble.mine) row.append(el("div", { class: "avatar", "aria-hidden": "true" }, initials(bubble.senderName) || "•"));
    const column = el("div");
    const { text, choices } = offering ? splitChoices(bubble.text) : { text: bubble.text, choices: [] };
    const body = el("div", { class: "bubble" }, text);
    for (const attachment of bubble.attachments) {
      const file = el("button", { type: "button", class: "file", title: this.text("download", { name: attachment.name }) }, `📎 ${attachment.name}`);
      file.addEventListener("click", () => this.handlers.onDownload(attachment));
      if (body.childNodes.length) body.append(document.createElement("br"));
      body.append(file);
    }
    const meta = el("div", { class: "meta" }, relativeTime(bubble.createdAt, this.locale));
    if (bubble.mine && isShown(bubble.status)) {
      const status = bubble.status === "retry" ? el("button", { type: "button", class: "retry" }) : el("span", { class: `status-${bubble.status}` });
      status.innerHTML = ICONS[bubble.status];
      status.append(el("span", {}, this.text(`status.${bubble.status}`)));
      if (bubble.status === "retry") status.addEventListener("click", () => this.handlers.onRetry(bubble.key));
      meta.append(status);
    }
    column.append(body);
    if (choices.length) {
      // A tap answers with the choice's number, as on Viber and Messenger.
      const buttons = el("div", { class: "faq choices" });
      choices.forEach((choice, index) => {
        const button = el("button", { type: "button" }, choice);
        button.addEventListener("click", () => this.handlers.onSend(String(index + 1)));
        buttons.append(button);
      });
      column.append(buttons);
    }
    column.append(meta);
    row.append(column);
    return row;
  }
}
