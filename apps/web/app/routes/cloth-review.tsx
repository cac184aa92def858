import type { Route } from './+types/cloth-review';
import { FramePage } from './frame';

export function loader({ params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  return { id: Number(params.id) };
}

export function meta(_: Route.MetaArgs) {
  return [{ title: '후기 | 코디룸' }];
}

export default function ClothReview({ loaderData }: Route.ComponentProps) {
  return <FramePage title="후기" heading="구매 후기" text={`후기 #${loaderData.id}`} />;
}
