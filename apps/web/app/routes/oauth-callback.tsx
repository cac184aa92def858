/**
 * /oauth/{kakao|naver|apple}/callback — where a provider (or the dev provider) sends the browser
 * back after GET /api/users/oauth/{provider}/authorize. The page posts code and state to
 * /api/users/auth/token:
 *   - SIGNED_IN: the session is stored (cookies and local storage, SPEC.md §4) and the visitor
 *     goes back to the page they came from (or /);
 *   - SIGN_UP_REQUIRED: a compact sign-up form (name, phone verified by SMS, optional e-mail, the
 *     agreements; noValidate with inline field errors as /signup) calls /api/users/social-sign-up
 *     with the oauth_token, then opens the SPEC.md §5 target.
 */
import {
  type Agreements,
  ApiError,
  COOKIE_MAX_AGE,
  type FieldProblems,
  hasGuestIdShape,
  isSocialProviderKey,
  SIGN_UP_COUPON_TEXT,
  type SignUpErrorField,
  type SignUpFormField,
  SOCIAL_PROVIDER_LABELS,
  type SocialProviderKey,
  type SocialSignUpRequired,
  signUpErrorField,
  signUpFormProblems,
} from '@codiroom/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FieldError, fieldProps, focusFirstError } from '../components/FieldError';
import { FramePage } from '../components/FramePage';
import { PhoneVerification } from '../components/PhoneVerification';
import { SignUpAgreements } from '../components/SignUpAgreements';
import { type AuthSession, afterSignInTarget, afterSignUpTarget, storeSession } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { readBrowserCookie, writeBrowserCookie } from '../lib/cookies';
import { sendLog } from '../lib/log';
import { adEvent, trackPixel } from '../lib/pixel';
import { signUpErrorView } from '../lib/signup-errors';
import { failureText, useMutation } from '../lib/use-mutation';
import { markSignUpWelcome } from '../shell/SignUpWelcome';
import page from '../styles/page.module.css';
import type { Route } from './+types/oauth-callback';

export function loader({ params }: Route.LoaderArgs) {
  if (!isSocialProviderKey(params.provider)) throw new Response(null, { status: 404 });
  return { provider: params.provider };
}

export function meta(_: Route.MetaArgs) {
  return [{ title: '로그인 중 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

type View =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'signup'; required: SocialSignUpRequired; suggestedName: string };

/** Marks the provider the member used (SPEC.md §3 provider-user cookies) and what follows login. */
async function signedIn(session: AuthSession, provider: SocialProviderKey) {
  await storeSession(session, provider);
  writeBrowserCookie(`${provider}User`, 'true', COOKIE_MAX_AGE.userID);
}

/**
 * The guest to merge into the account: the guestID cookie's server-issued id (the root loader of
 * this page replaced any other). Should the server still refuse it, the API client gets a new id
 * and retries once, before the code is spent (the id is checked first).
 */
function guestHeader(): Record<string, string> {
  const guest = readBrowserCookie('guestID');
  return hasGuestIdShape(guest) ? { 'x-guest-user-id': guest } : {};
}

export default function OAuthCallback({ loaderData }: Route.ComponentProps) {
  const provider = loaderData.provider;
  const label = SOCIAL_PROVIDER_LABELS[provider];
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);

  // Not a clientLoader on purpose: the provider's code works once, and a loader may run again
  // (revalidation); this one-shot effect also rewrites the address bar so a reload cannot replay it.
  useEffect(() => {
    // A code works once: never post it twice (Strict Mode, re-renders).
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state') ?? undefined;
    // Reloading this page must not replay the code.
    window.history.replaceState(null, '', window.location.pathname);
    if (params.get('error') || !code) {
      setView({
        kind: 'error',
        message: params.get('error')
          ? `${label} 로그인을 취소했어요.`
          : `${label} 로그인 정보가 없어요. 다시 시도해주세요.`,
      });
      return;
    }
    void (async () => {
      // Left a direct call: the one-shot code exchange of this mount, not a change the visitor makes.
      const res = await browserApi().request('POST', '/api/users/auth/token', {
        body: { provider, code, state },
        headers: guestHeader(),
      });
      if (!res.ok) {
        setView({ kind: 'error', message: res.detail });
        return;
      }
      if (res.data.status === 'SIGNED_IN') {
        await signedIn(res.data, provider);
        window.location.assign(afterSignInTarget());
        return;
      }
      setView({ kind: 'signup', required: res.data, suggestedName: res.data.name ?? '' });
    })().catch(() =>
      setView({ kind: 'error', message: `${label} 로그인 중 문제가 생겼어요. 다시 시도해주세요.` }),
    );
  }, [provider, label]);

  if (view.kind === 'signup') {
    return <SocialSignUp provider={provider} required={view.required} suggestedName={view.suggestedName} />;
  }
  if (view.kind === 'error') {
    return (
      <FramePage title="로그인" heading="로그인하지 못했어요" text={view.message} back={false}>
        <div className={page.form}>
          <Link to="/login" className={page.button}>
            다시 로그인하기
          </Link>
        </div>
      </FramePage>
    );
  }
  return (
    <FramePage title="로그인" heading={`${label} 로그인 중이에요`} text="잠시만 기다려주세요." back={false} />
  );
}

type Problems = FieldProblems<SignUpFormField | SignUpErrorField>;

/** The social sign-up completion: the phone sign-up's checks and agreements, without a password. */
function SocialSignUp({
  provider,
  required,
  suggestedName,
}: {
  provider: SocialProviderKey;
  required: SocialSignUpRequired;
  suggestedName: string;
}) {
  const label = SOCIAL_PROVIDER_LABELS[provider];
  const formRef = useRef<HTMLFormElement>(null);
  const [verified, setVerified] = useState<{ phone: string; code: string } | null>(null);
  const [agreements, setAgreements] = useState<Agreements>({});
  const [problems, setProblems] = useState<Problems>({});
  // A refusal about the number (taken, withdrawn, a spent code) starts its verification over.
  const [phoneRound, setPhoneRound] = useState(0);
  const [expired, setExpired] = useState(false);
  // Not revalidated: a new member leaves the page (a full load of the next one).
  const signUp = useMutation(
    async (body: Record<string, unknown>) => {
      // CompleteRegistration: the server's event and the pixel's share one id.
      const ad = adEvent();
      const r = await browserApi().request('POST', '/api/users/social-sign-up', {
        body,
        headers: ad.headers,
      });
      if (r.ok) trackPixel('CompleteRegistration', { fb_registration_method: provider }, ad.eventId);
      return r;
    },
    {
      revalidate: false,
      onSuccess: async (session) => {
        sendLog('section-log', { section: 'sign_up', label: 'complete_registration', method: provider });
        try {
          window.localStorage.removeItem('pickSizeTutorial');
        } catch {}
        await signedIn(session, provider);
        markSignUpWelcome();
        window.location.assign(afterSignUpTarget());
      },
      refusedText: (res) => {
        setExpired(false);
        const message = signUpErrorView(res.data).message;
        const field = signUpErrorField(res.data);
        if (!field) return message;
        if (field === 'phone' || field === 'code') {
          setVerified(null);
          setPhoneRound((n) => n + 1);
        }
        setProblems({ [field === 'code' ? 'phone' : field]: message });
        return null;
      },
      // 401: the 30-minute oauth_token ran out; sign in with the provider again.
      failedText: (err) => {
        if (!(err instanceof ApiError && err.status === 401)) return failureText(err);
        setExpired(true);
        return signUpErrorView(err.body).message;
      },
    },
  );

  useEffect(() => {
    if (Object.keys(problems).length > 0) focusFirstError(formRef.current);
  }, [problems]);

  const clear = (field: keyof Problems) => {
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    signUp.reset();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '');
    const found = signUpFormProblems({
      user_name: text('user_name'),
      phoneVerified: verified !== null,
      email: text('email'),
      agreements,
    });
    setProblems(found);
    if (Object.keys(found).length > 0 || !verified) return;
    await signUp.run({
      social_type: required.social_type,
      social_id: required.social_id,
      oauth_token: required.oauth_token,
      phone: verified.phone,
      code: verified.code,
      user_name: text('user_name').trim(),
      email: text('email').trim() || undefined,
      agree_terms: agreements.agree_terms === true,
      agree_privacy: agreements.agree_privacy === true,
      agree_age: agreements.agree_age === true,
      agree_marketing: agreements.agree_marketing === true,
    });
  }

  return (
    <FramePage
      title="회원가입"
      heading={`${label} 계정으로 가입하기`}
      text={`휴대폰 번호 인증과 약관 동의만 하면 가입이 끝나요. 가입하면 ${SIGN_UP_COUPON_TEXT}을 드려요.`}
      back={false}
    >
      <form ref={formRef} className={page.form} onSubmit={submit} noValidate aria-label="회원가입">
        <label>
          이름
          <input
            className={page.input}
            name="user_name"
            autoComplete="name"
            defaultValue={suggestedName}
            onInput={() => clear('user_name')}
            {...fieldProps('user_name-error', problems.user_name)}
          />
        </label>
        <FieldError id="user_name-error" message={problems.user_name} />
        <PhoneVerification
          key={phoneRound}
          onVerified={(v) => {
            setVerified(v);
            if (v) clear('phone');
          }}
          onCodeSent={() => setProblems((p) => ({ ...p, phone: undefined, code: undefined }))}
          error={problems.phone ?? problems.code}
        />
        <label>
          이메일 (선택)
          <input
            className={page.input}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={required.email ?? ''}
            onInput={() => clear('email')}
            {...fieldProps('email-error', problems.email)}
          />
        </label>
        <FieldError id="email-error" message={problems.email} />
        <SignUpAgreements
          value={agreements}
          onChange={(next) => {
            setAgreements(next);
            clear('agreements');
          }}
          error={problems.agreements}
        />
        {signUp.error && (
          <p className={page.error} role="alert">
            {signUp.error}
          </p>
        )}
        {expired ? (
          <Link to="/login" className={page.button}>
            다시 로그인하기
          </Link>
        ) : (
          <button type="submit" className={page.button} disabled={signUp.pending || signUp.done}>
            가입하기
          </button>
        )}
      </form>
    </FramePage>
  );
}
