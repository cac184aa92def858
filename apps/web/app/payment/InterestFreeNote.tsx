/**
 * The card interest-free notice (무이자 할부 안내) for a payable amount, as the back office wrote
 * it (GET /api/contents/interest-free-notice; SPEC.md §9 "Interest-free card default minimum"):
 * shown on the product page and at checkout when the notice is on and the amount reaches its
 * minimum. An optional line: without an answer nothing is shown. The notice is site content, the
 * same for every viewer: the product page reads it in its loader and passes it (`notice`), so the
 * line is in the page's HTML (no request, nothing moves); without `notice` it is asked for here.
 */
import { type InterestFreeNoticeBody, interestFreeLine } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { inOwnTask } from '../lib/tasks';

export function InterestFreeNote({
  amount,
  className,
  notice: given,
}: {
  amount: number;
  className?: string;
  /** The notice read by the route's loader (null: no answer); undefined: asked for here. */
  notice?: InterestFreeNoticeBody | null;
}) {
  const [asked, setAsked] = useState<InterestFreeNoticeBody | null>(null);
  const ask = given === undefined;
  useEffect(() => {
    if (!ask) return;
    return inOwnTask(() => {
      void browserApi().getOr('/api/contents/interest-free-notice', null).then(setAsked);
    });
  }, [ask]);
  const notice = ask ? asked : given;
  const line = notice ? interestFreeLine(notice, amount) : null;
  if (!line) return null;
  return (
    <p className={className} data-testid="interest-free">
      {line}
    </p>
  );
}
