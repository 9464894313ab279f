import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms.ts';

/** /terms (spec §2). */
export function TermsPage() {
  return (
    <article className="mx-auto max-w-3xl space-y-8 py-2">
      <title>Terms &amp; Conditions | Central PA Desi Community</title>
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Terms &amp; Conditions</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated: {TERMS_LAST_UPDATED}</p>
      </header>
      <ol className="space-y-6">
        {TERMS_SECTIONS.map((section, index) => (
          <li key={section.title}>
            <section aria-labelledby={`terms-${index + 1}`}>
              <h2 id={`terms-${index + 1}`} className="text-xl font-semibold">
                {index + 1}. {section.title}
              </h2>
              {section.body.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-2 leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}

export default TermsPage;
