import type { ReactNode } from 'react';

/** Renders the small markdown subset posts use (## headings, paragraphs, **bold**, - lists) safely. */
export function Markdown({ text }: { text: string }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const b = block.trim();
        const key = `${i}-${b.slice(0, 12)}`;
        if (b.startsWith('### ')) return <h3 key={key}>{inline(b.slice(4))}</h3>;
        if (b.startsWith('## ')) return <h2 key={key}>{inline(b.slice(3))}</h2>;
        if (b.startsWith('# ')) return <h2 key={key}>{inline(b.slice(2))}</h2>;
        if (b.split('\n').every((l) => /^[-*] /.test(l))) {
          return (
            <ul key={key}>
              {b.split('\n').map((l) => (
                <li key={l}>{inline(l.slice(2))}</li>
              ))}
            </ul>
          );
        }
        if (b.startsWith('> ')) return <blockquote key={key}>{inline(b.replace(/^> ?/gm, ''))}</blockquote>;
        return <p key={key}>{inline(b)}</p>;
      })}
    </>
  );
}

function inline(s: string): ReactNode[] {
  return s.split(/(\*\*[^*]+\*\*)/g).map((part, i) =>
    part.startsWith('**') && part.endsWith('**') ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: static text fragments
      <strong key={i}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}
