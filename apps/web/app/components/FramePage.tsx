/** A simple framed page for screens whose content arrives with later capabilities. */
import type { ReactNode } from 'react';
import page from '../styles/page.module.css';
import { PageHeader } from './PageHeader';

export function FramePage({
  title,
  heading,
  text,
  children,
  back = true,
}: {
  title: string;
  heading: string;
  text?: string;
  children?: ReactNode;
  back?: boolean;
}) {
  return (
    <>
      <PageHeader title={title} back={back} />
      <main>
        <section className={page.intro}>
          <h1>{heading}</h1>
          {text && <p>{text}</p>}
        </section>
        {children}
      </main>
    </>
  );
}
