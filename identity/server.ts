/**
 * cognito-local's own server, wired as its `createDefaultServer` wires it, with two differences the
 * handbook needs: id tokens carry the user's standard attributes (`name`, as Cognito's do), and a
 * stand-in for Google answers the hosted sign-in's endpoints (./google-stand-in.ts) before
 * cognito-local's own. The wiring uses cognito-local's internal modules (./cognito-local.ts).
 */
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import {
  CognitoServiceFactoryImpl,
  ConsoleMessageSender,
  createCognitoServer,
  CryptoService,
  DateClock,
  JwtTokenGenerator,
  LambdaClient,
  LambdaService,
  loadConfig,
  MessageDeliveryService,
  MessagesService,
  otp,
  Router,
  StormDBDataStoreFactory,
  TriggersService,
  UserPoolServiceFactoryImpl,
} from './cognito-local';
import type { Services } from './cognito-local';
import type { Logger } from 'pino';
import { googleStandIn } from './google-stand-in';
import { guardRequest } from './request-guard';
import { signInBudget } from './sign-in-budget';
import { withStandardClaims } from './standard-claims';
import { withFederatedIdentities } from './federated-identities';

/** Starts the service where its config says (`ServerConfig`), from `.cognito/` in the working directory. */
export async function startLocalServer(logger: Logger): Promise<Server> {
  const ctx = { logger };
  const config = await loadConfig(ctx, new StormDBDataStoreFactory('.cognito'));
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory('.cognito/db');
  const cognito = await new CognitoServiceFactoryImpl(
    '.cognito/db',
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, new LambdaClient(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: withFederatedIdentities(
      new JwtTokenGenerator(clock, withStandardClaims(triggers), config.TokenConfig),
    ),
    triggers,
  };
  const { application } = createCognitoServer(Router(services), logger, config.ServerConfig, services);
  const standIn = googleStandIn(services, logger);
  const withinBudget = signInBudget();
  const server = createHttpServer((request, response) => {
    if (!guardRequest(request, response) || !withinBudget(request, response)) return;
    void standIn(request, response).then((handled) => {
      if (!handled) application(request, response);
    });
  });
  const { hostname, port } = config.ServerConfig;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  return server;
}
