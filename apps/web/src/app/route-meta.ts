/** What a page tells the document: its <title> and meta description. */
export type RouteMeta = { title: string; description: string };

export const SITE_NAME = 'Rankwise';

export const defaultMeta: RouteMeta = {
  title: 'Rankwise: a data-driven college advisor',
  description: 'Rankwise, a data-driven college advisor: the colleges your JEE or NEET PG rank can really reach, judged on official closing ranks.',
};

export const pageMeta = (title: string, description: string): RouteMeta => ({ title: `${title} · ${SITE_NAME}`, description });
