/**
 * The card interest-free notice (무이자 할부 안내) for a payable amount, as the back office wrote
 * it (GET /api/contents/interest-free-notice; SPEC.md §9 "Interest-free card default minimum"):
 * shown on the product page and at checkout when the notice is on and the amount reaches its
 * minimum. An optional line: without an answer nothing is shown.
 */
import { type InterestFreeNoticeBody, interestFreeLine } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { inOwnTask } from '../lib/tasks';

export function InterestFreeNote({ amount, className }: { amount: number; className?: string }) {
  const [notice, setNotice] = useState<InterestFreeNoticeBody | null>(null);
  useEffect(
    () =>
      inOwnTask(() => {
        void browserApi()
          .getOr<InterestFreeNoticeBody | null>('/api/contents/interest-free-notice', null)
          .then(setNotice);
      }),
    [],
  );
  const line = notice ? interestFreeLine(notice, amount) : null;
  if (!line) return null;
  return (
    <p className={className} data-testid="interest-free">
      {line}
    </p>
  );
}
