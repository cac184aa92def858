import { expect, signUpByPhone, test } from './helpers.ts';

// Accounts (docs/ARCHITECTURE.md, 'Accounts') at 390×844: a new member signs up by phone — the
// form's own inline errors first (no browser bubbles), the password confirmation, the server's
// refusal next to its field, 전체 동의 — and finds the promised first-purchase coupon in the coupon
// box and applied at checkout; a member changes the password and the phone number and withdraws,
// all from the profile page.

const COUPON = '첫 구매 7% 할인 쿠폰';

test('a new member signs up with the agreements and gets the first-purchase coupon', async ({ page }) => {
  const phone = '01055551100';
  await page.goto('/login');
  await expect(page.getByText('첫 구매 7% 할인 쿠폰(최대 10,000원)을 드려요')).toBeVisible();

  await page.goto('/signup');
  const form = page.getByRole('form', { name: '회원가입' });
  // Sent empty: every problem next to its field, focus on the first; no browser validation bubble.
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(form.getByText('이름을 입력해주세요.')).toBeVisible();
  await expect(form.getByText('휴대폰 번호 인증을 먼저 해주세요.')).toBeVisible();
  await expect(form.getByText('비밀번호를 입력해주세요.')).toBeVisible();
  await expect(form.getByText('이용약관에 동의해주세요.')).toBeVisible();
  await expect(page.getByLabel('이름')).toBeFocused();
  await expect(page.getByLabel('이름')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('이름').fill('김가입');
  await expect(form.getByText('이름을 입력해주세요.')).toHaveCount(0);
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  const { code } = await (await page.request.get(`/api/dev/sms-outbox?phone=${phone}`)).json();
  await page.getByLabel(/인증번호/).fill(code);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('status')).toContainText('인증되었어요');
  await page.getByLabel('비밀번호 (영문', { exact: false }).fill('codiroom123');
  await page.getByLabel('비밀번호 확인').fill('codiroom124');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(form.getByText('비밀번호가 일치하지 않아요.')).toBeVisible();
  await expect(page.getByLabel('비밀번호 확인')).toBeFocused();
  await page.getByLabel('비밀번호 확인').fill('codiroom123');

  // 전체 동의 checks all four, the optional marketing consent included.
  await page.getByLabel(/전체 동의/).check();
  for (const box of await page.getByRole('checkbox', { name: /\[(필수|선택)\]/ }).all()) {
    await expect(box).toBeChecked();
  }
  // The server's refusal shows next to its field: an unknown referral code.
  await page.getByLabel('추천인 코드 (선택)').fill('NOSUCH99');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(form.getByText('존재하지 않는 추천인 코드입니다.')).toBeVisible();
  await expect(page.getByLabel('추천인 코드 (선택)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('추천인 코드 (선택)').fill('');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/type=sign_up/);

  // The promised coupon is in the coupon box.
  await page.goto('/mypage/coupons');
  await expect(page.getByTestId('owned-coupon').filter({ hasText: COUPON })).toBeVisible();

  // And applied at checkout as the best combination.
  await page.goto('/product/2');
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  await sheet.locator('fieldset button:not([disabled])').first().click();
  await sheet.getByRole('button', { name: '장바구니 담기' }).click();
  await expect(page.getByRole('dialog', { name: '장바구니에 담았어요' })).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: /주문하기/ }).click();
  await expect(page).toHaveURL(/\/payment\?cart_ids=\d+/);
  const coupons = page.getByTestId('coupons');
  await expect(coupons.locator('label', { hasText: COUPON }).locator('input')).toBeChecked();
  await expect(page.getByTestId('coupon-discount')).toHaveText(/할인 -[1-9][\d,]*원/);

  // The marketing consent was recorded with its date.
  await page.goto('/mypage/settings/notifications');
  await expect(page.getByRole('switch', { name: '혜택·마케팅 알림' })).toBeChecked();
  await expect(page.getByTestId('marketing-consent')).toContainText(/\d{4}\.\d{2}\.\d{2}에 동의했어요/);
});

test('a member changes the password and the phone number, then withdraws, from the profile page', async ({
  page,
  request,
}) => {
  let phone = '01055551101';
  const newPhone = '01055551102';
  phone = await signUpByPhone(page, '김계정', phone);

  await page.goto('/mypage');
  await page.getByRole('link', { name: '회원 정보 수정' }).click();
  await expect(page).toHaveURL(/\/mypage\/profile$/);

  // Change the password: a wrong current one is refused next to its field.
  await page.getByRole('link', { name: '비밀번호 변경' }).click();
  await expect(page).toHaveURL(/\/mypage\/profile\/password$/);
  await page.getByLabel('현재 비밀번호').fill('wrongpass1');
  await page.getByLabel('새 비밀번호 (영문', { exact: false }).fill('newpass456');
  await page.getByLabel('새 비밀번호 확인').fill('newpass456');
  await page.getByRole('button', { name: '비밀번호 변경하기' }).click();
  await expect(page.getByText('현재 비밀번호가 일치하지 않아요.')).toBeVisible();
  await expect(page.getByLabel('현재 비밀번호')).toBeFocused();
  await page.getByLabel('현재 비밀번호').fill('codiroom123');
  await page.getByRole('button', { name: '비밀번호 변경하기' }).click();
  await expect(page.getByRole('status')).toContainText('비밀번호를 변경했어요');
  // Still signed in on this device.
  await page.getByRole('link', { name: '회원 정보로 돌아가기' }).click();
  await expect(page.getByLabel('이름')).toHaveValue('김계정');

  // Change the phone number with a code sent to the new one.
  await page.getByRole('link', { name: /휴대폰 번호 변경/ }).click();
  await expect(page).toHaveURL(/\/mypage\/profile\/phone$/);
  await page.getByLabel('새 휴대폰 번호').fill(newPhone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  const { code } = await (await page.request.get(`/api/dev/sms-outbox?phone=${newPhone}`)).json();
  await page.getByLabel(/인증번호/).fill(code);
  await page.getByRole('button', { name: '확인' }).click();
  await page.getByRole('button', { name: '번호 변경하기' }).click();
  await expect(page.getByText('휴대폰 번호를 변경했어요.')).toBeVisible();
  // The new number and the new password sign in (another client).
  const signIn = (p: string, password: string) =>
    request.post('/api/users/sign-in', { data: { phone: p, password } });
  expect((await signIn(newPhone, 'newpass456')).status()).toBe(200);
  expect((await signIn(phone, 'newpass456')).status()).toBe(401);

  // Withdraw: the confirmation is required, then the member is signed out.
  await page.goto('/mypage/profile');
  await page.getByRole('link', { name: '회원 탈퇴' }).click();
  await expect(page).toHaveURL(/\/mypage\/withdraw$/);
  await page.getByLabel('탈퇴 사유').selectOption('자주 이용하지 않아요');
  await page.getByRole('button', { name: '탈퇴하기' }).click();
  await expect(page.getByText('탈퇴 안내를 확인하고 동의해주세요.')).toBeVisible();
  await page.getByLabel('안내를 모두 확인했고 탈퇴에 동의해요.').check();
  await page.getByRole('button', { name: '탈퇴하기' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await signIn(newPhone, 'newpass456')).status()).toBe(401);
});
