import { acceptRequiredAgreements, expect, setSignUpPassword, test } from './helpers.ts';

const PHONE = '01055550001';
const PASSWORD = 'codiroom123';

/** SPEC.md §4 "Session": the A/B groups from the uuid's digit count (packages/shared/src/ab.ts). */
function abGroups(uuid: string) {
  const n = [...uuid].filter((c) => c >= '0' && c <= '9').length;
  return { abType: n % 2 === 0 ? 'A' : 'B', subAbType: 'ABCD'[n % 4] };
}

async function outboxCode(
  request: import('@playwright/test').APIRequestContext,
  phone: string,
): Promise<string> {
  const res = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.code).toMatch(/^\d{6}$/);
  return body.code;
}

test.describe.configure({ mode: 'serial' });

test('sign up by phone, log out, log in, edit the profile and add an address', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('이름').fill('박정장');
  await page.getByLabel('휴대폰 번호').fill(PHONE);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  const code = await outboxCode(page.request, PHONE);
  await page.getByLabel(/인증번호/).fill(code);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('status')).toContainText('인증되었어요');
  await setSignUpPassword(page, PASSWORD);
  await acceptRequiredAgreements(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  // No stored product/style/brand/promotion/cart page: sign-up continues to the style quiz.
  await expect(page).toHaveURL(/\/stylequiz\?type=sign_up$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('가입을 환영해요');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'isLogin')?.value).toBe('true');
  expect(cookies.find((c) => c.name === 'userID')?.value).toMatch(/^[0-9a-f-]{36}$/);
  // The refresh token is an HttpOnly cookie: scripts can neither read nor store it.
  expect(cookies.find((c) => c.name === 'refreshToken')?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie.includes('refreshToken'))).toBe(false);
  expect(await page.evaluate(() => window.localStorage.getItem('refreshToken'))).toBeNull();

  await page.goto('/mypage');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('박정장님');
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.context().cookies()).find((c) => c.name === 'isLogin')).toBeUndefined();
  // Sign-out revoked the session on the server and cleared the HttpOnly cookie.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'refreshToken'))
    .toBeUndefined();

  await page.goto('/login_phone');
  await page.getByLabel('휴대폰 번호').fill(PHONE);
  await page.getByLabel('비밀번호').fill('wrong-password1');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  // Logout cleared local data (prevUrl included), so sign-in lands on the home page.
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('박정장님');

  await page.goto('/mypage/profile');
  await page.getByLabel('키 (cm)').fill('178');
  await page.getByLabel('몸무게 (kg)').fill('74');
  await page.getByRole('button', { name: '저장하기' }).click();
  await expect(page.getByRole('status')).toHaveText('저장했어요.');
  await page.reload();
  await expect(page.getByLabel('키 (cm)')).toHaveValue('178');

  await page.goto('/mypage/addresses');
  await page.getByRole('button', { name: '새 배송지 추가' }).click();
  const form = page.getByRole('form', { name: '새 배송지' });
  await form.getByLabel('배송지명').fill('회사');
  await form.getByLabel('받는 분').fill('박정장');
  await form.getByLabel('연락처').fill(PHONE);
  await form.getByLabel('우편번호').fill('04778');
  await form.getByLabel('주소', { exact: true }).fill('서울특별시 성동구 성수이로 113');
  await form.getByLabel('상세 주소').fill('7층');
  await form.getByRole('button', { name: '저장하기' }).click();
  await expect(page.getByText('기본 배송지')).toBeVisible();
  await expect(page.getByText('서울특별시 성동구 성수이로 113')).toBeVisible();
});

test("experiment group: a guest keeps the server-given group until sign-up, then the member's", async ({
  page,
}) => {
  const stored = () =>
    page.evaluate(() => ({
      abType: window.localStorage.getItem('abType'),
      subAbType: window.localStorage.getItem('subAbType'),
      expData: JSON.parse(window.localStorage.getItem('expData') ?? 'null') as { basis?: string } | null,
    }));
  await page.goto('/');
  await expect.poll(async () => (await stored()).expData?.basis).toBe('guest');
  const guest = await stored();
  expect(guest.abType).toMatch(/^[AB]$/);
  expect(guest.subAbType).toMatch(/^[ABCD]$/);
  // Kept across pages while a guest.
  await page.goto('/ranking');
  await page.waitForLoadState('networkidle');
  expect(await stored()).toEqual(guest);

  const phone = '01055550777';
  await page.goto('/signup');
  await page.getByLabel('이름').fill('최실험');
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  await page.getByLabel(/인증번호/).fill(await outboxCode(page.request, phone));
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('status')).toContainText('인증되었어요');
  await setSignUpPassword(page, PASSWORD);
  await acceptRequiredAgreements(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/stylequiz\?type=sign_up$/);
  const member = await stored();
  expect(member.expData?.basis).toBe('user');
  const uuid = (await page.context().cookies()).find((c) => c.name === 'userID')?.value ?? '';
  expect(member).toMatchObject(abGroups(uuid));
  // The server agrees: the member's group is the one on the device.
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value ?? '';
  const answer = await page.request.get('/api/users/user-variants', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await answer.json()).toEqual({ ...abGroups(uuid), basis: 'user' });
});

test('social sign-up through the dev Kakao provider, then social sign-in', async ({ page }) => {
  const phone = '01055550002';
  await page.goto('/login');
  await page.getByRole('link', { name: '카카오로 시작하기' }).click();
  // The dev provider page stands in for Kakao's consent screen.
  await expect(page.getByRole('heading', { name: /카카오 로그인/ })).toBeVisible();
  await page.getByLabel('이름').fill('최소셜');
  await page.getByLabel('소셜 ID').fill('e2e-kakao-1001');
  await page.getByRole('button', { name: /로 계속하기$/ }).click();
  await expect(page).toHaveURL(/\/oauth\/kakao\/callback/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('계정으로 가입하기');
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  const code = await outboxCode(page.request, phone);
  await page.getByLabel(/인증번호/).fill(code);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('status')).toContainText('인증되었어요');
  await acceptRequiredAgreements(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/stylequiz\?type=sign_up$/);
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('최소셜님');

  // Log out and come back with the same Kakao identity: signed straight in.
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: '카카오로 시작하기' }).click();
  await page.getByLabel('이름').fill('최소셜');
  await page.getByLabel('소셜 ID').fill('e2e-kakao-1001');
  await page.getByRole('button', { name: /로 계속하기$/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('최소셜님');
});

test("a social sign-in's callback link opened in another browser signs nobody in", async ({
  page,
  browser,
  baseURL,
}) => {
  // Someone starts a dev Kakao sign-in, approves it with their own identity and keeps the link.
  const start = await page.request.get('/api/users/oauth/kakao/authorize', { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const q = new URL(String(start.headers().location), baseURL).searchParams;
  q.set('social_id', 'e2e-kakao-link-1');
  q.set('name', '김링크');
  const approved = await page.request.get(`/api/dev/oauth/kakao/approve?${q}`, { maxRedirects: 0 });
  expect(approved.status()).toBe(302);
  const link = String(approved.headers().location);
  expect(link).toContain('/oauth/kakao/callback?code=');

  // Another browser opening it is refused, and says why.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage.getByRole('heading', { name: '로그인하지 못했어요' })).toBeVisible();
    await expect(otherPage.getByText('로그인을 시작한 브라우저에서만')).toBeVisible();
    expect((await other.cookies()).some((c) => c.name === 'accessToken')).toBe(false);
  } finally {
    await other.close();
  }

  // The browser that started it goes on to the sign-up form.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('계정으로 가입하기');
});
