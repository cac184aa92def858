import { expect, signUpByPhone, test } from './helpers.ts';

// Notification settings (docs/ARCHITECTURE.md, 'Notifications'): a new member opens 알림 설정 from
// 마이페이지, reads the night-time rule, turns the three switches on one at a time and finds them
// saved after a reload; the notification list links back to the settings.

test('a member turns the push switches on from 마이페이지 and they stay saved', async ({ page }) => {
  await signUpByPhone(page, '김알림', '01055550191');

  await page.goto('/mypage');
  await page.getByRole('link', { name: '알림 설정' }).click();
  await expect(page).toHaveURL(/\/mypage\/settings\/notifications$/);
  await expect(page.getByText('밤 9시부터 아침 8시까지는 야간 알림에 따로 동의한 경우에만')).toBeVisible();

  const app = page.getByRole('switch', { name: '앱 알림' });
  const benefit = page.getByRole('switch', { name: '혜택·마케팅 알림' });
  const night = page.getByRole('switch', { name: '야간 알림 (21시~08시)' });
  for (const s of [app, benefit, night]) await expect(s).not.toBeChecked();

  await app.click();
  await expect(page.locator('main output')).toContainText('앱 알림을 켰어요');
  await benefit.click();
  await expect(page.locator('main output')).toContainText('혜택·마케팅 알림을 켰어요');
  await night.click();
  await expect(page.locator('main output')).toContainText('야간 알림을 켰어요');
  await night.click();
  await expect(page.locator('main output')).toContainText('야간 알림을 껐어요');

  await page.reload();
  await expect(app).toBeChecked();
  await expect(benefit).toBeChecked();
  await expect(night).not.toBeChecked();

  await page.goto('/mypage/notifications');
  await page.getByRole('link', { name: '알림 설정' }).click();
  await expect(page).toHaveURL(/\/mypage\/settings\/notifications$/);
});
