/**
 * What every back-office screen says after an action (docs/ARCHITECTURE.md, "Back office"): a
 * call's success (then the screen's data is loaded again) or its error, and a form refused by its
 * zod schema before anything is sent, each issue with its field; and the paging buttons of the
 * lists paged on the server.
 */
import type { ApiPath, ApiResponse } from '@codiroom/shared';
import { type ReactNode, useState } from 'react';
import { useRevalidator } from 'react-router';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';

type Issue = { path: readonly PropertyKey[]; message: string };

export function useAdminAction(): {
  /** Runs a call; true when it succeeded (the message shown, the screen reloaded). */
  act: (call: () => Promise<unknown>, done: string) => Promise<boolean>;
  /** Shows a form's schema issues, each with its field (or `what`). */
  refuse: (issues: readonly Issue[], what: string) => void;
  feedback: ReactNode;
} {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      setErrors([]);
      setMessage(done);
      await revalidator.revalidate();
      return true;
    } catch (err) {
      setMessage(null);
      setErrors([errorText(err)]);
      return false;
    }
  };
  const refuse = (issues: readonly Issue[], what: string) => {
    setMessage(null);
    setErrors(issues.map((i) => `${i.path.map(String).join('.') || what}: ${i.message}`));
  };
  const feedback = (
    <>
      {message && <output className={styles.ok}>{message}</output>}
      {errors.length > 0 && (
        <ul className={styles.error} role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </>
  );
  return { act, refuse, feedback };
}

/** 이전 / 다음 of a list paged on the server. */
export function PageButtons({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className={styles.toolbar}>
      <button type="button" className={styles.ghost} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        이전
      </button>
      <button
        type="button"
        className={styles.ghost}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        다음
      </button>
    </div>
  );
}

/**
 * A back office's "create" form: reads its fields (trimmed), hands them to `onSubmit` (which checks
 * them with the API's schema and sends them) and clears itself when that succeeded.
 */
export function CreateForm({
  label,
  submit = '만들기',
  onSubmit,
  children,
}: {
  label: string;
  submit?: string;
  onSubmit: (read: (name: string) => string, data: FormData) => Promise<boolean> | boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={`${styles.card} ${styles.form}`}
      aria-label={label}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const data = new FormData(form);
        if (await onSubmit((name) => String(data.get(name) ?? '').trim(), data)) form.reset();
      }}
    >
      <h2 className={styles.wide}>{label}</h2>
      {children}
      <div className={styles.wide}>
        <button type="submit" className={styles.button}>
          {submit}
        </button>
      </div>
    </form>
  );
}

/** A picture picker that uploads at once (multipart `image`). */
export function PictureUpload({ label, onFile }: { label: string; onFile: (form: FormData) => void }) {
  return (
    <label className={styles.ghost}>
      {label}
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="visually-hidden"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          const form = new FormData();
          form.append('image', file);
          onFile(form);
        }}
      />
    </label>
  );
}

/** What an on/off button says: its label in each state and what it reports after the switch. */
export type OnOffWords = { turnOff: string; turnOn: string; turnedOff: string; turnedOn: string };
const ON_OFF: OnOffWords = { turnOff: '끄기', turnOn: '켜기', turnedOff: '껐어요.', turnedOn: '켰어요.' };

/**
 * 끄기 / 켜기 of a row (the back office's one toggle): PATCHes `path` with the other `is_active`
 * through the screen's `act`; `words` when the switch has its own names (a coupon's 중지 / 재개).
 */
export function OnOffButton({
  path,
  name,
  active,
  act,
  words = ON_OFF,
}: {
  path: ApiPath<'PATCH'>;
  name: string;
  active: boolean;
  act: (call: () => Promise<unknown>, done: string) => Promise<boolean>;
  words?: OnOffWords;
}) {
  return (
    <button
      type="button"
      className={styles.ghost}
      onClick={() =>
        act(
          () => adminApi.patch(path, { is_active: !active }),
          `${name}: ${active ? words.turnedOff : words.turnedOn}`,
        )
      }
    >
      {active ? words.turnOff : words.turnOn}
    </button>
  );
}

/**
 * The audited reveal of masked personal data (a member's, an order's): one POST to `url`, whose
 * answer the screen shows; each press is a row in the audit log.
 */
export function RevealButton<P extends ApiPath<'POST'>>({
  url,
  onShown,
  onError,
}: {
  url: P;
  onShown: (revealed: ApiResponse<'POST', P>) => void;
  onError: (message: string | null) => void;
}) {
  return (
    <button
      type="button"
      className={styles.ghost}
      onClick={async () => {
        try {
          onShown(await adminApi.post(url));
          onError(null);
        } catch (err) {
          onError(errorText(err));
        }
      }}
    >
      개인정보 열람 (감사 로그에 남아요)
    </button>
  );
}
