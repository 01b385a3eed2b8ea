import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import type { TChannelWizardService } from './wizard';
import { WIZARD_MSG } from './wizard-messages';

export const channelWizardRoutes = (app: FastifyInstance, wizard: TChannelWizardService) => {
  const c = contract.channelWizard;

  route(app, c.targetMarketSelectionData, async ({ params, query }, ctx) =>
    wizard.targetMarketSelectionData(ctx, params.id, query.channel),
  );
  route(app, c.selectTargetMarket, async ({ params, body }, ctx) =>
    withMessage(await wizard.selectTargetMarket(ctx, params.id, body), WIZARD_MSG.targetMarketSaved),
  );
  route(app, c.destinationValidation, async ({ params }, ctx) =>
    wizard.destinationValidation(ctx, params.id),
  );
  route(app, c.getMetaTag, async ({ params, query }, ctx) =>
    withMessage(
      await wizard.siteVerificationToken(ctx, params.id, query.method),
      WIZARD_MSG.tokenIssued(query.method),
    ),
  );
  route(app, c.reVerification, async ({ params, query }, ctx) =>
    withMessage(await wizard.reVerify(ctx, params.id, query.method), WIZARD_MSG.verified),
  );
  route(app, c.captureIntegrationSteps, async ({ params, body }, ctx) => {
    const { result, message } = await wizard.captureStep(ctx, params.id, body);
    return withMessage(result, message);
  });
  route(app, c.integratedChannelStatus, async ({ params }, ctx) =>
    wizard.integratedChannelStatus(ctx, params.id),
  );
  route(app, c.googleTaxonomy, async ({ query }) => wizard.googleTaxonomy(query));
};
