import { textParts } from '../lib/text.ts';

/**
 * A message's text, as text: React text nodes only (never dangerouslySetInnerHTML), so `<script>` or
 * `<img onerror=…>` in a message shows literally. http(s) addresses are links that open in a new tab and pass no
 * referrer, no window handle and no ranking (rel="noopener noreferrer nofollow ugc").
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? 'whitespace-pre-wrap break-words'}>
      {textParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
