/**
 * The back office's product form (docs/ARCHITECTURE.md, "Back office"), one schema for the API
 * and the form: a product with its colourways (each a product display on the storefront) and the
 * sizes of each (product items: stock and extra price), and the size table of its category's
 * measurement set (cm). Money is integer won.
 */
import { z } from 'zod';
import { STYLE_TAGS } from './curation-engine.ts';

export const PRODUCT_LIMITS = {
  colors: 12,
  sizes: 12,
  stock: 100_000,
  price: 10_000_000,
  minPrice: 100,
  extraPrice: 1_000_000,
  measure: 500,
} as const;

const Won = (max: number) =>
  z
    .number({ error: '금액을 숫자로 적어주세요.' })
    .int('금액은 원 단위 정수예요.')
    .min(0, '금액은 0원 이상이에요.')
    .max(max, `금액은 ${max.toLocaleString('ko-KR')}원 이하예요.`);
const Price = z
  .number({ error: '가격을 숫자로 적어주세요.' })
  .int('가격은 원 단위 정수예요.')
  .min(PRODUCT_LIMITS.minPrice, `가격은 ${PRODUCT_LIMITS.minPrice}원 이상이에요.`)
  .max(PRODUCT_LIMITS.price, `가격은 ${PRODUCT_LIMITS.price.toLocaleString('ko-KR')}원 이하예요.`);
const Stock = z
  .number({ error: '재고를 숫자로 적어주세요.' })
  .int('재고는 정수예요.')
  .min(0, '재고는 0 이상이에요.')
  .max(PRODUCT_LIMITS.stock, `재고는 ${PRODUCT_LIMITS.stock.toLocaleString('ko-KR')} 이하예요.`);
const SizeName = z
  .string()
  .trim()
  .min(1, '사이즈 이름을 적어주세요.')
  .max(20)
  .regex(/^[0-9A-Za-z가-힣 ./()-]+$/, '사이즈 이름에 쓸 수 없는 문자가 있어요.');

export const ProductSizeInput = z
  .object({
    size_name: SizeName,
    stock: Stock,
    extra_price: Won(PRODUCT_LIMITS.extraPrice).default(0),
  })
  .strict();

export const ProductColorInput = z
  .object({
    color_name: z.string().trim().min(1, '색상 이름을 적어주세요.').max(30),
    color_hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, '색상 코드는 #RRGGBB 형식이어야 해요.'),
    sizes: z.array(ProductSizeInput).min(1, '사이즈를 하나 이상 넣어주세요.').max(PRODUCT_LIMITS.sizes),
  })
  .strict()
  .refine((c) => new Set(c.sizes.map((s) => s.size_name.toUpperCase())).size === c.sizes.length, {
    message: '한 색상에 같은 사이즈가 두 번 있어요.',
    path: ['sizes'],
  });

export const ProductCreateRequest = z
  .object({
    brand_id: z.number({ error: '브랜드를 골라주세요.' }).int().positive('브랜드를 골라주세요.'),
    category_id: z.number({ error: '카테고리를 골라주세요.' }).int().positive('카테고리를 골라주세요.'),
    name: z.string().trim().min(2, '상품명을 두 글자 이상 적어주세요.').max(200),
    description: z.string().trim().max(5000).default(''),
    material: z.string().trim().max(200).optional(),
    fit: z.string().trim().max(30).optional(),
    season: z.string().trim().max(30).optional(),
    style_tags: z.array(z.enum(STYLE_TAGS)).max(5).default([]),
    price: Price,
    price_discount: Price,
    is_active: z.boolean().default(true),
    colors: z.array(ProductColorInput).min(1, '색상을 하나 이상 넣어주세요.').max(PRODUCT_LIMITS.colors),
    /** Size table: per size name, the values (cm) of the category's measurement set fields. */
    measurements: z
      .array(
        z
          .object({
            size_name: SizeName,
            values: z.record(
              z.string().regex(/^[a-z_]{1,30}$/),
              z.number().positive().max(PRODUCT_LIMITS.measure),
            ),
          })
          .strict(),
      )
      .max(PRODUCT_LIMITS.sizes)
      .default([]),
  })
  .strict()
  .refine((p) => p.price_discount <= p.price, {
    message: '판매가는 정가보다 클 수 없어요.',
    path: ['price_discount'],
  })
  .refine((p) => new Set(p.colors.map((c) => c.color_name)).size === p.colors.length, {
    message: '같은 색상이 두 번 있어요.',
    path: ['colors'],
  });
export type ProductCreateRequest = z.input<typeof ProductCreateRequest>;

/** Changes to one colourway: its prices and whether it is on sale. */
export const DisplayUpdateRequest = z
  .object({
    price: Price.optional(),
    price_discount: Price.optional(),
    is_active: z.boolean().optional(),
  })
  .strict();

/** Changes to one size: its stock, extra price and whether it is on sale. */
export const ItemUpdateRequest = z
  .object({
    stock: Stock.optional(),
    extra_price: Won(PRODUCT_LIMITS.extraPrice).optional(),
    is_active: z.boolean().optional(),
  })
  .strict();

export const AdminProductRow = z.object({
  product_id: z.number().int(),
  display_id: z.number().int(),
  name: z.string(),
  brand_name: z.string(),
  category_name: z.string(),
  color_name: z.string(),
  price: z.number().int(),
  price_discount: z.number().int(),
  stock: z.number().int(),
  is_active: z.boolean(),
  image_url: z.string(),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductDetail = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  measurement_fields: z.array(z.object({ key: z.string(), label: z.string() })),
  name: z.string(),
  description: z.string(),
  material: z.string().nullable(),
  fit: z.string().nullable(),
  season: z.string().nullable(),
  style_tags: z.array(z.string()),
  displays: z.array(
    z.object({
      id: z.number().int(),
      color_name: z.string(),
      color_hex: z.string(),
      price: z.number().int(),
      price_discount: z.number().int(),
      is_active: z.boolean(),
      image_url: z.string(),
      images: z.array(z.string()),
      items: z.array(
        z.object({
          id: z.number().int(),
          size_name: z.string(),
          stock: z.number().int(),
          extra_price: z.number().int(),
          sku: z.string(),
          is_active: z.boolean(),
        }),
      ),
    }),
  ),
  measurements: z.array(z.object({ size_name: z.string(), values: z.record(z.string(), z.number()) })),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetail>;

export const CatalogOptions = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      main: z.string(),
      product_type: z.string(),
      fields: z.array(z.object({ key: z.string(), label: z.string() })),
    }),
  ),
  style_tags: z.array(z.string()),
});
export type CatalogOptions = z.infer<typeof CatalogOptions>;
