import type { ReactNode } from 'react';

/** One numbered section of a legal page, linkable by its id (for example /privacy-policy#cookies). */
export function LegalSection({
  n,
  id,
  title,
  children,
}: {
  n: number;
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="legal-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <span className="legal-section__number">{n}.</span> {title}
      </h2>
      {children}
    </section>
  );
}

/** The table of contents at the top of a legal page. */
export function LegalToc({ sections }: { sections: readonly { id: string; title: string }[] }) {
  return (
    <nav className="legal-toc" aria-label="Sections">
      <ol>
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`}>{s.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
