/**
 * The ranking's product grid: one card per product with its rank, its ▲▼ / NEW change against the
 * previous period (packages/shared/src/ranking-periods.ts) and the colour it is shown in.
 */
import { type RankingCard, rankChangeLabel } from '@codiroom/shared';
import { ProductCard } from '../components/ProductCard';
import grid from '../components/ProductGrid.module.css';
import styles from './RankingGrid.module.css';

/** "네이비 · 3가지 색상" when the product comes in other colours, else the colour alone. */
export function colourNote(c: Pick<RankingCard, 'color_name' | 'colourway_count'>): string {
  return c.colourway_count > 1 ? `${c.color_name} · ${c.colourway_count}가지 색상` : c.color_name;
}

function ChangeMark({ card }: { card: RankingCard }) {
  const label = rankChangeLabel(card);
  if (!label) return null;
  const tone = card.is_new
    ? styles.new
    : (card.rank_change ?? 0) > 0
      ? styles.up
      : (card.rank_change ?? 0) < 0
        ? styles.down
        : styles.same;
  return (
    <span className={`${styles.change} ${tone}`} data-testid="rank-change">
      <span aria-hidden="true">{label.text}</span>
      <span className="visually-hidden">{label.spoken}</span>
    </span>
  );
}

export function RankingGrid({ cards }: { cards: RankingCard[] }) {
  return (
    <ul className={grid.grid}>
      {cards.map((c, i) => (
        <li key={c.id} data-testid="ranking-card">
          <ProductCard
            product={c}
            rank={c.rank}
            eager={i < 3}
            rankExtra={<ChangeMark card={c} />}
            note={colourNote(c)}
          />
        </li>
      ))}
    </ul>
  );
}
