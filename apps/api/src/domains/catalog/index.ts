/**
 * The catalogue as other domains use it: the product read model (cards with brand, live price and
 * stock — product-read.ts), the live-price reads that carts and orders price lines with, the
 * sellable-stock and running-time-sale rules, the card queries other domains page through, and
 * brand names, shipping fees and display labels by id (labels.ts) for other domains' lines.
 */
export {
  ADMIN_PRODUCTS_PAGE,
  catalogOptions as adminCatalogOptions,
  createProduct as adminCreateProduct,
  listProducts as adminListProducts,
  PRODUCT_MSG,
  type ProductChangeHooks,
  productDetail as adminProductDetail,
  replaceMeasurements as adminReplaceMeasurements,
  setDisplayImages as adminSetDisplayImages,
  updateDisplay as adminUpdateDisplay,
  updateItem as adminUpdateItem,
} from './admin-products.ts';
export { cached } from './cache.ts';
export { displaysChanged } from './display-events.ts';
export {
  type DraftCandidateRow,
  draftCandidateRow,
  draftCandidateRows,
  shopBrandNames,
} from './draft-candidates.ts';
export {
  type BrandRow,
  brandsWithActiveCounts,
  displayPrices,
  insertBrand,
  itemIdsBySku,
  itemStocks,
  lowStockItems,
  setDisplayPrice,
  setItemStock,
  updateBrandRow,
} from './for-admin.ts';
export { type ItemSummary, itemSummaries } from './item-summaries.ts';
export {
  otherActiveItemsOfProduct,
  type ProductItemRow,
  productItemRows,
  putBackItemStock,
  takeItemStock,
} from './items-for-orders.ts';
export {
  brandNames,
  brandShippingFee,
  type DisplayLabel,
  displayExists,
  displayLabels,
  existingDisplayIds,
} from './labels.ts';
export { type LiveSource, msToNextPriceChange, runningTimeSales, timeSalesFromJson } from './live-prices.ts';
export { complementCards } from './matching.ts';
export { popularDisplayIds } from './popular-ids.ts';
export { type CatalogPorts, type DisplayCount, provideCatalogPorts, type Viewer } from './ports.ts';
export { userPreferredProducts } from './preferred.ts';
export { preparedActiveCards } from './prepared-cards.ts';
// The pricing read of orders, and the database function behind it (installed at start, app.ts).
export { type ItemPriceRow, itemPriceRows, ORDER_PRICE_ROWS } from './price-rows.ts';
export { activeRow as activeDisplayRow } from './product-page.ts';
export { liveCards, readCardsByIds } from './product-read.ts';
export { LOW_STOCK_MAX, parseId } from './products.ts';
export {
  type CouponDisplayRow,
  type CouponItemRow,
  categoryNames,
  couponDisplayRow,
  couponItemRows,
} from './reads-for-benefits.ts';
export {
  type CartItemRow,
  cartItemRows,
  type ItemOptionRow,
  type LockedItem,
  lockCartItems,
  optionsOfItemProduct,
  sellableItemStocks,
} from './reads-for-carts.ts';
export {
  sitemapCatalogIds,
  type TimeSaleItemRow,
  type TimeSaleRow,
  timeSaleItemsOf,
  timeSalesAround,
} from './reads-for-contents.ts';
export {
  type DisplayStyle,
  displayStyles,
  type InStockItem,
  inStockItemsOf,
  type SizeSheetRow,
  sizeSheetRows,
} from './reads-for-curations.ts';
export { catalogLikeTargets } from './reads-for-likes.ts';
export {
  colourwayIds,
  displayNames,
  isActiveDisplay,
  itemSizesOfDisplays,
  itemStocksOfDisplay,
  lockDisplays,
  moveReviewCounters,
  type ReviewCounters,
  type ReviewDisplay,
  reviewDisplays,
  type SizingProduct,
  setReviewCounters,
  sizeSheet,
  sizingProduct,
} from './reads-for-reviews.ts';
export {
  brandSummaryRows,
  categoryFacetRows,
  categoryIdsOfCode,
  displayCount,
  type SearchProductRow,
  searchBrandRows,
  searchProductRows,
  searchTermSources,
} from './reads-for-search.ts';
export {
  activeCardsByIds,
  listProductCards,
  pageInfo,
  pageLinkedCards,
  productCardsByIds,
} from './repository.ts';
export { rankingJob } from './signals.ts';
export { sellableStock, sellableStockSql } from './stock.ts';
export { timeSaleRunning } from './time-sale.ts';
