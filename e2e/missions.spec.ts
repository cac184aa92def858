import { expect, signUpByPhone, test } from './helpers.ts';

// Missions (docs/ARCHITECTURE.md, 'Benefits' and 'Notifications'): a new member in the app opens the mission
// page from 마이페이지, finishes the push-consent mission there — the app asks the system, the push service
// confirms the subscription — receives its points once and sees the balance change (here and on the points
// page). On the web the same mission cannot be finished with a switch.

test('a member completes a mission, receives its points once and sees the balance change', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 CodiroomApp/2.3',
  });
  // The native shell: asked for the permission, the system says yes, the push SDK (logged in with the
  // member's uuid) gets a subscription the push service now holds (the dev sink), and the app tells the page.
  await context.addInitScript(() => {
    (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
      postMessage: (raw: string) => {
        const m = JSON.parse(raw) as { type: string };
        if (m.type !== 'request_push_permission') return;
        const subscription_id = 'e2e-ios-sub-0161';
        void fetch('/api/dev/push-devices', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ external_id: localStorage.getItem('userID'), subscription_id }),
        }).then(() =>
          window.dispatchEvent(
            new MessageEvent('message', {
              data: JSON.stringify({ type: 'push_permission', granted: true, subscription_id }),
            }),
          ),
        );
      },
    };
  });
  const page = await context.newPage();
  let phone = '01055550161';
  phone = await signUpByPhone(page, '김미션', phone);

  await page.goto('/mypage');
  await page.getByRole('link', { name: '미션' }).click();
  await expect(page).toHaveURL(/\/mypage\/missions$/);
  await expect(page.getByTestId('mission-point-balance')).toHaveText('0원');

  const push = page.locator('[data-testid="mission"][data-mission-code="APP_PUSH_CONSENT"]');
  await expect(push).toHaveAttribute('data-state', 'todo');
  // Nothing is receivable yet on a fresh account.
  await expect(page.getByRole('button', { name: '포인트 받기' })).toHaveCount(0);

  await push.getByRole('button', { name: '알림 켜기' }).click();
  await expect(push).toHaveAttribute('data-state', 'completed');
  await expect(page.locator('main output')).toContainText('앱 푸시 알림을 켰어요');

  await push.getByRole('button', { name: '포인트 받기' }).click();
  await expect(page.locator('main output')).toContainText('포인트 500원이 적립되었어요');
  await expect(push).toHaveAttribute('data-state', 'received');
  await expect(push).toContainText('받기 완료');
  await expect(page.getByTestId('mission-point-balance')).toHaveText('500원');

  // After a reload the mission stays received and offers no second receive; the ledger agrees.
  await page.reload();
  await expect(push).toHaveAttribute('data-state', 'received');
  await expect(page.getByRole('button', { name: '포인트 받기' })).toHaveCount(0);
  await expect(page.getByTestId('mission-point-balance')).toHaveText('500원');
  await page.goto('/mypage/points');
  await expect(page.getByTestId('point-balance')).toHaveText('500원');
  await expect(page.getByText('미션 완료 적립')).toBeVisible();
  await context.close();
});

test('on the web the push-consent mission says it is done in the app, and no switch completes it', async ({
  page,
}) => {
  await signUpByPhone(page, '웹미션', '01055550162');
  // The web switch turns alerts on, but is not the app's permission.
  const on = await page.request.post('/api/users/notification-permissions', {
    headers: {
      authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === 'accessToken')?.value}`,
    },
    data: { is_app_alert: true },
  });
  expect(on.status()).toBe(200);
  await page.goto('/mypage/missions');
  const push = page.locator('[data-testid="mission"][data-mission-code="APP_PUSH_CONSENT"]');
  await expect(push).toHaveAttribute('data-state', 'todo');
  await expect(push).toContainText('앱에서 할 수 있어요');
  await expect(push.getByRole('button')).toHaveCount(0);
});
