import MarkdownIt from 'markdown-it';

// Markdown to HTML for text people type (notices, issue 13): CommonMark with raw HTML switched off
// (any `<tag>` is shown as text, escaped), images off (no third-party requests from a reader's page),
// links only to http(s) and mailto, and every link opening outside the portal without a referrer.

const md = new MarkdownIt('commonmark', { html: false, linkify: true, breaks: true, typographer: false });
md.disable('image');
md.enable('linkify');

const SAFE_LINK = /^(https?:|mailto:)/i;
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet('rel', 'noopener noreferrer nofollow');
  token.attrSet('target', '_blank');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Renders Markdown to HTML that carries no markup of the author's own (safe to insert as HTML). */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
