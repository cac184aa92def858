/**
 * The header of the member screens (/mypage and /mypage/*, SPEC.md §2 routes): the mypage layout
 * route (routes/mypage-layout.tsx) draws one PageHeader for all of them, titled by the deepest
 * matched screen's `handle` (a screen exports `handle = memberHeader('제목')`). A screen whose title
 * depends on its data (write or edit a review) gives a function of its loader data.
 */
export type MemberHeader = {
  title: string | ((data: unknown) => string);
  /** The top-level /mypage screen: no back arrow, the shop's actions shown, the title not an h1. */
  top?: boolean;
};

export type MemberHeaderProps = {
  title: string;
  back: boolean;
  actions: boolean;
  titleAs: 'h1' | 'span';
};

export function memberHeader(title: MemberHeader['title'], top = false): { memberHeader: MemberHeader } {
  return { memberHeader: top ? { title, top } : { title } };
}

type Match = { handle?: unknown; loaderData?: unknown };

/** The PageHeader props for the deepest match that names a member header, or null if none does. */
export function memberHeaderProps(matches: readonly Match[]): MemberHeaderProps | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const header = (match?.handle as { memberHeader?: MemberHeader } | undefined)?.memberHeader;
    if (!header) continue;
    const data = match?.loaderData;
    const title = typeof header.title === 'function' ? header.title(data) : header.title;
    return header.top
      ? { title, back: false, actions: true, titleAs: 'span' }
      : { title, back: true, actions: false, titleAs: 'h1' };
  }
  return null;
}
