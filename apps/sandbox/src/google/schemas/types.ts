import type { z } from 'zod';
import { int64, message, protoEnum, repeated, string, timestamp } from './proto';

// google.shopping.type and google.type messages the Merchant API shares across its sub-APIs.

/** google.shopping.type.Price: micros as an int64 string (`"39990000"`), ISO 4217 currency. */
export const ZPriceSchema = message('google.shopping.type.Price', {
  amountMicros: int64().optional(),
  currencyCode: string().optional(),
});

/** google.type.Interval: two Timestamps, either may be unset. */
export const ZIntervalSchema = message('google.type.Interval', {
  startTime: timestamp().optional(),
  endTime: timestamp().optional(),
});

export interface TCustomAttribute {
  name?: string;
  value?: string;
  groupValues?: TCustomAttribute[];
}

/** google.shopping.type.CustomAttribute: a value or a group of them, never both. */
export const ZCustomAttributeSchema: z.ZodType<TCustomAttribute> = message('google.shopping.type.CustomAttribute', {
  name: string().optional(),
  value: string().optional(),
  get groupValues() {
    return repeated(ZCustomAttributeSchema, 'type.googleapis.com/google.shopping.type.CustomAttribute').optional();
  },
});

/** google.shopping.type.Destination.DestinationEnum. */
export const ZDestinationSchema = protoEnum('google.shopping.type.Destination.DestinationEnum', [
  'SHOPPING_ADS',
  'DISPLAY_ADS',
  'LOCAL_INVENTORY_ADS',
  'FREE_LISTINGS',
  'FREE_LOCAL_LISTINGS',
  'YOUTUBE_SHOPPING',
  'YOUTUBE_SHOPPING_CHECKOUT',
  'YOUTUBE_AFFILIATE',
  'FREE_VEHICLE_LISTINGS',
  'VEHICLE_ADS',
  'CLOUD_RETAIL',
  'LOCAL_CLOUD_RETAIL',
]);
