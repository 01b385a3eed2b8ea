import type { TChannelKey } from '@feedloom/validation';
import { CHANNEL_LABEL } from './messages';

const STEP_LABEL: Record<string, string> = {
  'link-account': 'account link',
  'target-market': 'target market',
  'destination-validation': 'destination validation',
  'domain-verification': 'domain verification',
  'shipping-validation': 'shipping validation',
  'feed-config': 'feed configuration',
};

/** Server messages of the integration wizard's steps; the web shows them as they are. */
export const WIZARD_MSG = {
  noTargetMarket: (c: TChannelKey) => `${CHANNEL_LABEL[c]} does not use a target market.`,
  countryNotSold: (c: TChannelKey, country: string) =>
    `${CHANNEL_LABEL[c]} does not sell to ${country}. Please choose another target country.`,
  languageNotAccepted: (c: TChannelKey, language: string, country: string) =>
    `${CHANNEL_LABEL[c]} does not accept ${language} content in ${country}. Please choose another content language.`,
  currencyNotAccepted: (c: TChannelKey, currency: string, country: string) =>
    `${CHANNEL_LABEL[c]} does not accept prices in ${currency} in ${country}. Please choose another currency.`,
  targetMarketSaved: 'Target market saved.',
  noStep: (c: TChannelKey, step: string) => `${CHANNEL_LABEL[c]} has no ${STEP_LABEL[step] ?? step} step.`,
  finishFirst: (step: string) => `Please finish the ${STEP_LABEL[step] ?? step} step first.`,
  stepRecorded: (step: string) => `The ${STEP_LABEL[step] ?? step} step is done.`,
  integrationCompleted: 'Integration complete. Your products will now be sent to the channel.',
  noDestination: (country: string) =>
    `No destination of your Merchant Center account is enabled for ${country}. Enable free listings or Shopping ads in Merchant Center, then check again.`,
  notForTargetCountry: (label: string, countries: readonly string[], country: string) =>
    `${label}: enabled${countries.length ? ` for ${countries.join(', ')}` : ''}, not for ${country}. Enable it for ${country} in Merchant Center to use it there.`,
  chooseTargetMarket: 'Please choose a target market first.',
  websiteMissing: 'Your Merchant Center account has no website yet. Please enter your store’s website first.',
  siteVerificationNotGranted:
    'Google did not allow Feedloom to verify websites for this connection. Please connect Google again and allow website verification.',
  tokenIssued: (method: string) =>
    method === 'FILE'
      ? 'Upload this file to your website’s root folder, then verify.'
      : 'Add this meta tag to your home page’s <head>, then verify.',
  notVerified: (url: string) =>
    `Google could not find the verification token on ${url}. Please check that it is in place and publicly reachable, then verify again.`,
  claimRefused:
    'Google verified your website but Merchant Center could not claim it. Please try again in a few minutes.',
  verified: 'Your website is verified and claimed in Merchant Center.',
  websiteNotShop: (website: string, shop: string) =>
    `Your Merchant Center account’s website is ${website}, but this store is at ${shop}. Change the website address to your store’s, then verify it.`,
  websiteNotClaimed: 'Your website is not claimed in Merchant Center yet. Please verify it first.',
  noShipping: (country: string) =>
    `Your Merchant Center account has no shipping service for ${country}. Add shipping settings in Merchant Center, or confirm that every product carries its own shipping.`,
} as const;
