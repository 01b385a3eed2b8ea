import type { z } from 'zod';
import { bool, double, float, int32Text, int64, message, protoEnum, repeated, string, timestamp } from './proto';
import { ZCustomAttributeSchema, ZDestinationSchema, ZIntervalSchema, ZPriceSchema } from './types';

// Merchant API v1 products sub-API requests (google.shopping.merchant.products.v1): ProductInput with every
// ProductAttributes field and its JSON type, and the query parameters of productInputs and products.

const P = 'google.shopping.merchant.products.v1';
const text = () => string().optional();
const texts = () => repeated(string(), 'TYPE_STRING').optional();
const i64 = () => int64().optional();
const num = () => double().optional();
const flag = () => bool().optional();
const when = () => timestamp().optional();
const price = () => ZPriceSchema.optional();
const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) => protoEnum(`${P}.${name}`, values).optional();
const manyOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  repeated(protoEnum(`${P}.${name}`, values), `type.googleapis.com/${P}.${name}`).optional();
const list = <T extends z.ZodType>(element: T, name: string) => repeated(element, `type.googleapis.com/${P}.${name}`).optional();

/** Carrier service names (CarrierPriceOption, CarrierTransitTimeOption): Google adds carriers often. */
const carrier = (name: string) =>
  string()
    .regex(/^[A-Z][A-Z0-9_]*$/, { error: `type.googleapis.com/${P}.${name}` })
    .optional();

const ZMileageSchema = message(`${P}.ProductAttributes.Mileage`, {
  value: i64(),
  unit: oneOf('ProductAttributes.Mileage.Unit', ['MILES', 'KM']),
});

/** ProductDimension / ProductWeight: both parts required. */
const measure = (name: string) => message(`${P}.${name}`, { value: double(), unit: string() });
/** ShippingWeight, ShippingDimension, UnitPricingMeasure: a double and a unit. */
const loose = (name: string) => message(`${P}.${name}`, { value: num(), unit: text() });

const ZShippingSchema = message(`${P}.Shipping`, {
  price: price(),
  country: text(),
  region: text(),
  service: text(),
  locationId: i64(),
  locationGroupName: text(),
  postalCode: text(),
  minHandlingTime: i64(),
  maxHandlingTime: i64(),
  minTransitTime: i64(),
  maxTransitTime: i64(),
  handlingCutoffTime: text(),
  handlingCutoffTimezone: text(),
  loyaltyProgramLabel: text(),
  loyaltyTierLabel: text(),
});

const ZCarrierShippingSchema = message(`${P}.ProductAttributes.CarrierShipping`, {
  country: text(),
  region: text(),
  postalCode: text(),
  originPostalCode: text(),
  flatPrice: price(),
  carrierPrice: carrier('ProductAttributes.CarrierPriceOption'),
  carrierPriceFlatAdjustment: price(),
  carrierPricePercentageAdjustment: num(),
  minHandlingTime: i64(),
  maxHandlingTime: i64(),
  fixedMinTransitTime: i64(),
  fixedMaxTransitTime: i64(),
  carrierTransitTime: carrier('CarrierTransitTimeOption'),
});

const ENERGY_CLASSES = ['APPP', 'APP', 'AP', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
const structured = (name: string) =>
  message(`${P}.${name}`, {
    digitalSourceType: oneOf('DigitalSourceType', ['TRAINED_ALGORITHMIC_MEDIA', 'DEFAULT']),
    content: text(),
  }).optional();
const businessDays = () =>
  list(message(`${P}.ProductAttributes.ShippingBusinessDaysConfig`, { country: text(), businessDays: text() }), 'ProductAttributes.ShippingBusinessDaysConfig');

/** ProductAttributes: every field of the v1 message; an attribute it has no field for is a custom attribute. */
export const ZProductAttributesSchema = message(`${P}.ProductAttributes`, {
  identifierExists: flag(),
  isBundle: flag(),
  title: text(),
  description: text(),
  link: text(),
  mobileLink: text(),
  canonicalLink: text(),
  imageLink: text(),
  additionalImageLinks: texts(),
  expirationDate: when(),
  disclosureDate: when(),
  adult: flag(),
  ageGroup: oneOf('AgeGroup', ['ADULT', 'KIDS', 'TODDLER', 'INFANT', 'NEWBORN']),
  availability: oneOf('Availability', ['IN_STOCK', 'OUT_OF_STOCK', 'PREORDER', 'LIMITED_AVAILABILITY', 'BACKORDER']),
  availabilityDate: when(),
  brand: text(),
  color: text(),
  condition: oneOf('Condition', ['NEW', 'USED', 'REFURBISHED']),
  gender: oneOf('Gender', ['MALE', 'FEMALE', 'UNISEX']),
  googleProductCategory: text(),
  gtins: texts(),
  itemGroupId: text(),
  material: text(),
  mpn: text(),
  pattern: text(),
  price: price(),
  maximumRetailPrice: price(),
  installment: message(`${P}.ProductInstallment`, {
    months: i64(),
    amount: price(),
    downpayment: price(),
    creditType: oneOf('CreditType', ['FINANCE', 'LEASE']),
    annualPercentageRate: num(),
    totalAmount: price(),
    mileageAllowance: ZMileageSchema.optional(),
  }).optional(),
  subscriptionCost: message(`${P}.SubscriptionCost`, {
    period: oneOf('SubscriptionPeriod', ['MONTH', 'YEAR', 'WEEK']),
    periodLength: i64(),
    amount: price(),
  }).optional(),
  loyaltyPoints: message(`${P}.LoyaltyPoints`, { name: text(), pointsValue: i64(), ratio: num() }).optional(),
  loyaltyPrograms: list(
    message(`${P}.LoyaltyProgram`, {
      programLabel: text(),
      tierLabel: text(),
      price: price(),
      cashbackForFutureUse: price(),
      loyaltyPoints: i64(),
      memberPriceEffectiveDate: ZIntervalSchema.optional(),
      shippingLabel: text(),
    }),
    'LoyaltyProgram',
  ),
  productTypes: texts(),
  salePrice: price(),
  salePriceEffectiveDate: ZIntervalSchema.optional(),
  sellOnGoogleQuantity: i64(),
  productHeight: measure('ProductDimension').optional(),
  productLength: measure('ProductDimension').optional(),
  productWidth: measure('ProductDimension').optional(),
  productWeight: measure('ProductWeight').optional(),
  shipping: list(ZShippingSchema, 'Shipping'),
  carrierShipping: list(ZCarrierShippingSchema, 'ProductAttributes.CarrierShipping'),
  freeShippingThreshold: list(message(`${P}.FreeShippingThreshold`, { country: text(), priceThreshold: price() }), 'FreeShippingThreshold'),
  shippingWeight: loose('ShippingWeight').optional(),
  shippingLength: loose('ShippingDimension').optional(),
  shippingWidth: loose('ShippingDimension').optional(),
  shippingHeight: loose('ShippingDimension').optional(),
  maxHandlingTime: i64(),
  minHandlingTime: i64(),
  shippingHandlingBusinessDays: businessDays(),
  shippingTransitBusinessDays: businessDays(),
  handlingCutoffTimes: list(
    message(`${P}.HandlingCutoffTime`, { country: text(), cutoffTime: text(), cutoffTimezone: text(), disableDeliveryAfterCutoff: flag() }),
    'HandlingCutoffTime',
  ),
  shippingLabel: text(),
  returnPolicyLabel: text(),
  transitTimeLabel: text(),
  size: text(),
  sizeSystem: oneOf('SizeSystem', ['AU', 'BR', 'CN', 'DE', 'EU', 'FR', 'IT', 'JP', 'MEX', 'UK', 'US']),
  sizeTypes: manyOf('SizeType', ['REGULAR', 'PETITE', 'MATERNITY', 'BIG', 'TALL', 'PLUS']),
  energyEfficiencyClass: oneOf('EnergyEfficiencyClass', ENERGY_CLASSES),
  minEnergyEfficiencyClass: oneOf('EnergyEfficiencyClass', ENERGY_CLASSES),
  maxEnergyEfficiencyClass: oneOf('EnergyEfficiencyClass', ENERGY_CLASSES),
  unitPricingMeasure: loose('UnitPricingMeasure').optional(),
  unitPricingBaseMeasure: message(`${P}.UnitPricingBaseMeasure`, { value: i64(), unit: text() }).optional(),
  multipack: i64(),
  adsGrouping: text(),
  adsLabels: texts(),
  adsRedirect: text(),
  costOfGoodsSold: price(),
  productDetails: list(message(`${P}.ProductDetail`, { sectionName: text(), attributeName: text(), attributeValue: text() }), 'ProductDetail'),
  productHighlights: texts(),
  displayAdsId: text(),
  displayAdsSimilarIds: texts(),
  displayAdsTitle: text(),
  displayAdsLink: text(),
  displayAdsValue: num(),
  promotionIds: texts(),
  pickupMethod: oneOf('PickupMethod', ['NOT_SUPPORTED', 'BUY', 'RESERVE', 'SHIP_TO_STORE']),
  pickupSla: oneOf('PickupSla', ['SAME_DAY', 'NEXT_DAY', 'TWO_DAY', 'THREE_DAY', 'FOUR_DAY', 'FIVE_DAY', 'SIX_DAY', 'MULTI_WEEK']),
  pickupCost: message(`${P}.PickupCost`, { flatRate: ZPriceSchema, freeThreshold: price() }).optional(),
  linkTemplate: text(),
  mobileLinkTemplate: text(),
  customLabel0: text(),
  customLabel1: text(),
  customLabel2: text(),
  customLabel3: text(),
  customLabel4: text(),
  includedDestinations: repeated(ZDestinationSchema, 'type.googleapis.com/google.shopping.type.Destination.DestinationEnum').optional(),
  excludedDestinations: repeated(ZDestinationSchema, 'type.googleapis.com/google.shopping.type.Destination.DestinationEnum').optional(),
  shoppingAdsExcludedCountries: texts(),
  externalSellerId: text(),
  pause: oneOf('Pause', ['ADS', 'ALL']),
  lifestyleImageLinks: texts(),
  cloudExportAdditionalProperties: list(
    message(`${P}.CloudExportAdditionalProperties`, {
      propertyName: text(),
      textValue: texts(),
      boolValue: flag(),
      intValue: repeated(int64(), 'TYPE_INT64').optional(),
      floatValue: repeated(float(), 'TYPE_FLOAT').optional(),
      minValue: float().optional(),
      maxValue: float().optional(),
      unitCode: text(),
    }),
    'CloudExportAdditionalProperties',
  ),
  virtualModelLink: text(),
  certifications: list(
    message(`${P}.ProductCertification`, {
      certificationAuthority: oneOf('CertificationAuthority', ['ADEME', 'BMWK', 'EPA', 'EC']),
      certificationName: oneOf('CertificationName', [
        'ENERGY_STAR',
        'ENERGY_STAR_MOST_EFFICIENT',
        'EPREL',
        'EU_ECOLABEL',
        'VEHICLE_ENERGY_EFFICIENCY',
        'VEHICLE_ENERGY_EFFICIENCY_DISCHARGED_BATTERY',
      ]),
      certificationCode: text(),
      certificationValue: text(),
      certificationDocumentLink: text(),
      certificationLabelLink: text(),
    }),
    'ProductCertification',
  ),
  structuredTitle: structured('StructuredTitle'),
  structuredDescription: structured('StructuredDescription'),
  autoPricingMinPrice: price(),
  sustainabilityIncentives: list(
    message(`${P}.ProductSustainabilityIncentive`, {
      amount: price(),
      percentage: num(),
      type: oneOf('ProductSustainabilityIncentive.Type', ['EV_TAX_CREDIT', 'EV_PRICE_DISCOUNT']),
    }),
    'ProductSustainabilityIncentive',
  ),
  videoLinks: texts(),
  minimumOrderValues: list(
    message(`${P}.ProductMinimumOrderValue`, {
      country: string(),
      service: text(),
      surface: oneOf('ProductMinimumOrderValue.Surface', ['ONLINE', 'LOCAL', 'ONLINE_LOCAL']),
      price: ZPriceSchema,
    }),
    'ProductMinimumOrderValue',
  ),
  warranty: message(`${P}.ProductAttributes.Warranty`, {
    duration: i64(),
    mileage: ZMileageSchema.optional(),
    durationUnit: oneOf('ProductAttributes.Warranty.WarrantyDurationUnit', ['MONTH', 'YEAR']),
  }).optional(),
  vin: text(),
  model: text(),
  trim: text(),
  bodyStyle: oneOf('ProductAttributes.VehicleBodyStyle', [
    'ATV_SPORT', 'ATV_TOURING', 'ATV_UTILITY', 'ATV_YOUTH', 'CITY_CAR', 'CLASS_A_MOTORHOME', 'CLASS_B_MOTORHOME',
    'CLASS_C_MOTORHOME', 'COMPACT_SUV', 'CONVERTIBLE', 'COUPE', 'CROSSOVER', 'FIFTH_WHEEL', 'FULL_SIZE_VAN', 'HATCHBACK',
    'LIMOUSINE', 'MINIVAN', 'NOTCHBACK', 'POP_UP_CAMPER', 'SEDAN', 'SIDE_BY_SIDE', 'STATION_WAGON', 'SUV',
    'TRAVEL_TRAILER', 'TRUCK', 'TRUCK_CAMPER', 'UTE', 'UTV_RECREATIONAL_UTILITY', 'UTV_SPORT', 'UTV_UTILITY', 'UTV_YOUTH',
  ]),
  year: i64(),
  mileage: ZMileageSchema.optional(),
  electricRange: ZMileageSchema.optional(),
  fuelConsumption: message(`${P}.ProductAttributes.FuelConsumption`, {
    value: num(),
    unit: oneOf('ProductAttributes.FuelConsumption.Unit', ['LPER100KM', 'KGPER100KM']),
  }).optional(),
  fuelConsumptionDischargedBattery: message(`${P}.ProductAttributes.FuelConsumption`, {
    value: num(),
    unit: oneOf('ProductAttributes.FuelConsumption.Unit', ['LPER100KM', 'KGPER100KM']),
  }).optional(),
  energyConsumption: message(`${P}.ProductAttributes.EnergyConsumption`, {
    value: num(),
    unit: oneOf('ProductAttributes.EnergyConsumption.Unit', ['KWHPER100KM']),
  }).optional(),
  co2Emissions: message(`${P}.ProductAttributes.Co2Emissions`, {
    value: i64(),
    unit: oneOf('ProductAttributes.Co2Emissions.Unit', ['GPERKM']),
  }).optional(),
  dateFirstRegistered: text(),
  engine: oneOf('ProductAttributes.EngineType', [
    'GASOLINE', 'DIESEL', 'ELECTRIC', 'HYBRID', 'PLUG_IN_HYBRID', 'NATURAL_GAS', 'LPG', 'METHANE', 'OTHER',
  ]),
  emissionsStandard: oneOf('ProductAttributes.EmissionsStandard', [
    'ZERO_EMISSIONS', 'EURO1', 'EURO2', 'EURO3', 'EURO4', 'EURO5', 'EURO5B', 'EURO6', 'EURO6C', 'EURO6D', 'EURO6D_TEMP', 'EURO6E',
  ]),
  certifiedPreOwned: flag(),
  vehicleMsrp: price(),
  vehicleAllInPrice: price(),
  vehiclePriceType: oneOf('ProductAttributes.VehiclePriceType', [
    'ALL_IN_PRICE', 'DRIVE_AWAY_PRICE', 'ESTIMATED_DRIVE_AWAY_PRICE', 'EXCLUDING_GOVERNMENT_CHARGES_PRICE', 'VEHICLE_BASE_PRICE',
  ]),
  vehicleMandatoryInspectionIncluded: flag(),
  vehicleExpenses: price(),
  returns: list(
    message(`${P}.ProductAttributes.Returns`, {
      restockingFee: price(),
      restockingPercentageFee: num(),
      countries: texts(),
      windowDays: i64(),
      windowType: oneOf('ProductAttributes.Returns.ReturnWindowType', ['FINITE_RETURN_WINDOW', 'NO_RETURNS', 'LIFETIME']),
      itemConditions: manyOf('ProductAttributes.Returns.ItemCondition', ['NEW', 'LIKE_NEW', 'USED', 'DEFECTIVE_ONLY']),
      methods: manyOf('ProductAttributes.Returns.ReturnMethod', ['BY_MAIL', 'IN_STORE', 'AT_A_KIOSK', 'DROP_OFF_LOCATION']),
      outcomes: manyOf('ProductAttributes.Returns.ReturnOutcome', ['REFUND', 'EXCHANGE', 'STORE_CREDIT']),
      shippingFee: price(),
      shippingFeeType: oneOf('ProductAttributes.Returns.ReturnShippingFeeType', ['CUSTOMER_RESPONSIBILITY', 'DEDUCTED_FROM_REFUND']),
      policyUrl: text(),
    }),
    'ProductAttributes.Returns',
  ),
  displayAddress: message(`${P}.ProductAttributes.DisplayAddress`, {
    streetNumber: text(),
    streetName: text(),
    city: text(),
    region: text(),
    postalCode: text(),
  }).optional(),
  latitude: num(),
  longitude: num(),
  neighborhood: text(),
  unitArea: message(`${P}.ProductAttributes.UnitArea`, {
    value: num(),
    unit: oneOf('ProductAttributes.UnitArea.Unit', ['SQM', 'SQFT']),
  }).optional(),
  numberOfUnits: i64(),
  propertyName: text(),
  numberOfBedrooms: num(),
  numberOfBathrooms: num(),
  propertyType: oneOf('ProductAttributes.PropertyType', [
    'APARTMENT', 'CONDO', 'LOFT', 'MULTI_FAMILY_HOME', 'PENTHOUSE', 'ROOM', 'SINGLE_FAMILY_HOME', 'STUDIO', 'TOWNHOUSE',
  ]),
  amenityFeature: manyOf('ProductAttributes.AmenityFeature', [
    'BALCONY', 'BASEMENT', 'BASKETBALL_COURT', 'BIKE_STORAGE', 'CENTRAL_AC', 'DISHWASHER', 'DOG_PARK', 'ELEVATOR',
    'EV_CHARGING', 'FENCED_LOT', 'FIREPLACE', 'FITNESS_CENTER', 'FORCED_AIR_HEATING', 'FULLY_FURNISHED', 'GARAGE',
    'GATED_COMMUNITY', 'HARDWOOD_FLOORS', 'HIGH_SPEED_INTERNET', 'INTERCOM', 'IN_UNIT_WASHER_DRYER', 'KITCHEN',
    'LARGE_CLOSETS', 'MULTISPORT_COURT', 'ONSITE_LAUNDRY', 'OUTDOOR_LOUNGE', 'PARKING', 'PATIO', 'PICKLEBALL_COURT',
    'POOL', 'REFRIGERATOR', 'SOCCER_FIELD', 'TENNIS_COURT', 'WALK_IN_CLOSETS', 'WHEELCHAIR_ACCESS',
  ]),
  utilitiesIncluded: manyOf('ProductAttributes.UtilitiesIncluded', ['ELECTRICITY', 'GAS', 'INTERNET', 'TRASH', 'WATER']),
  petPolicy: message(`${P}.ProductAttributes.PetPolicy`, {
    petsAllowed: flag(),
    petTypes: manyOf('ProductAttributes.PetPolicy.PetType', ['CATS', 'LARGE_DOGS', 'SMALL_DOGS']),
  }).optional(),
  specialtyHousingType: oneOf('ProductAttributes.SpecialtyHousingType', [
    'CORPORATE', 'LOW_INCOME', 'MILITARY', 'SENIOR', 'SHORT_TERM', 'STUDENT',
  ]),
  productFee: list(
    message(`${P}.ProductAttributes.ProductFee`, {
      type: oneOf('ProductAttributes.ProductFee.FeeType', ['ADMIN_FEE', 'APPLICATION_FEE', 'SECURITY_DEPOSIT']),
      amount: price(),
    }),
    'ProductAttributes.ProductFee',
  ),
  shortTitle: text(),
  leaseTerm: message(`${P}.ProductAttributes.LeaseTerm`, {
    type: oneOf('ProductAttributes.LeaseTerm.LeaseTermType', ['FIXED_TERM']),
    durationValue: i64(),
    durationUnit: oneOf('ProductAttributes.LeaseTerm.DurationUnit', ['MONTHS', 'WEEKS']),
  }).optional(),
  questionsAndAnswers: list(message(`${P}.ProductAttributes.QuestionAndAnswer`, { question: string(), answer: string() }), 'ProductAttributes.QuestionAndAnswer'),
  popularityRank: float().optional(),
  itemGroupTitle: text(),
  documentLinks: texts(),
  variantOptions: list(message(`${P}.ProductAttributes.VariantOption`, { name: string(), value: string() }), 'ProductAttributes.VariantOption'),
  relatedProducts: list(
    message(`${P}.ProductAttributes.RelatedProduct`, {
      relationshipType: protoEnum(`${P}.ProductAttributes.RelatedProduct.RelationshipType`, [
        'PART_OF_SET', 'REQUIRED_PART', 'OFTEN_BOUGHT_WITH', 'SUBSTITUTE', 'DIFFERENT_BRAND', 'ACCESSORY',
      ]),
      idType: protoEnum(`${P}.ProductAttributes.RelatedProduct.IdType`, ['GTIN', 'ID']),
      id: string(),
    }),
    'ProductAttributes.RelatedProduct',
  ),
});

const LANGUAGE_RE = /^[a-z]{2}$/;
const FEED_LABEL_RE = /^[A-Z0-9_-]{1,20}$/;
/** A custom attribute's name and value together, and all of them together (characters). */
const CUSTOM_ATTRIBUTE_MAX = 10_240;
const CUSTOM_ATTRIBUTES_MAX = 2_500;

const customLength = (a: { name?: string; value?: string; groupValues?: unknown[] }): number =>
  (a.name ?? '').length + (a.value ?? '').length + (a.groupValues ?? []).reduce<number>((n, g) => n + customLength(g as typeof a), 0);

/** ProductInput (the body of productInputs.insert): offerId, contentLanguage and feedLabel required. */
export const ZProductInputSchema = message(`${P}.ProductInput`, {
  name: text(),
  product: text(),
  legacyLocal: flag(),
  offerId: string()
    .refine((s) => s.trim() !== '', { error: 'offerId must not be empty.' })
    .refine((s) => s.trim().replace(/\s+/g, ' ').length <= 50, { error: 'offerId must be at most 50 characters.' }),
  contentLanguage: string().regex(LANGUAGE_RE, { error: 'contentLanguage must be a two-letter ISO 639-1 code such as "en".' }),
  feedLabel: string().regex(FEED_LABEL_RE, { error: 'feedLabel must be 1 to 20 characters of A-Z, 0-9, hyphen and underscore.' }),
  versionNumber: i64(),
  productAttributes: ZProductAttributesSchema.optional(),
  customAttributes: repeated(
    ZCustomAttributeSchema.refine((a) => customLength(a) <= CUSTOM_ATTRIBUTE_MAX, {
      error: `A custom attribute's name and value together are at most ${CUSTOM_ATTRIBUTE_MAX} characters.`,
    }),
    'type.googleapis.com/google.shopping.type.CustomAttribute',
  )
    .max(CUSTOM_ATTRIBUTES_MAX, { error: `A product has at most ${CUSTOM_ATTRIBUTES_MAX} custom attributes.` })
    .optional(),
});
export type TProductInput = z.output<typeof ZProductInputSchema>;

/** productInputs.insert and productInputs.delete: the data source, required. */
export const ZDataSourceQuerySchema = message(`${P}.InsertProductInputRequest`, { dataSource: string() });
/** products.list. */
export const ZProductsListQuerySchema = message(`${P}.ListProductsRequest`, { pageSize: int32Text().optional(), pageToken: text() });
export const ZNoQuerySchema = message('google.protobuf.Empty', {});
