/**
 * The readers' identity: a Cognito user pool where only administrators create accounts, Google as
 * the sign-in readers are offered, the hosted sign-in domain, one public app client for this
 * environment, the readers' group the gate requires, and the pre-sign-up trigger.
 */
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { passwordFormat } from '../core/amplify-config';
import { COMPANY_EMAIL, GOOGLE_HOSTED_DOMAIN, GOOGLE_WORKSPACE } from '../core/pool-attributes';
import { SIGN_IN_PATH } from '../core/sign-in-route';
import type { DeployConfig } from './config';
import type { PasswordAccountMfa } from '../core/password-mfa';
import { sesEmail } from './email-sender';
import { AuthenticatorChangeAlarm } from './authenticator-alarm';

const root = path.resolve(__dirname, '..');

/** `custom:x` as CDK names a custom attribute: without the prefix, which it adds. */
const customName = (attribute: string) => attribute.replace(/^custom:/, '');

/** Every Lambda function of the handbook: Node.js 24, supported until 2028-04-30 (Lambda runtimes). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

/**
 * Token lifetimes. A signed-out or offboarded reader's access and id tokens still pass offline
 * verification until they expire (Cognito, "Revoking tokens"), so they live 5 minutes, the shortest
 * Cognito allows (UserPoolClient AccessTokenValidity and IdTokenValidity: "between 5 minutes and
 * 1 day"): that is the longest a copied or revoked session reads on. The browser renews them
 * silently before they expire (src/auth/session.tsx). The refresh token covers a working day.
 */
export const TOKEN_LIFETIMES = {
  accessToken: Duration.minutes(5),
  idToken: Duration.minutes(5),
  refreshToken: Duration.hours(12),
};

const MFA_ENFORCEMENT = { off: cognito.Mfa.OFF, optional: cognito.Mfa.OPTIONAL, required: cognito.Mfa.REQUIRED };

/**
 * `passwordAccountMfa` as the pool's MFA: TOTP only, never SMS (no SMS role, no phone numbers).
 * MFA covers the pool's own (password) sign-in: "In the case of federated users, Amazon Cognito
 * delegates all authentication processes to the IdP and doesn't offer them additional
 * authentication factors" (Cognito developer guide, "Adding MFA to a user pool").
 */
function poolMfa(setting: PasswordAccountMfa): Pick<cognito.UserPoolProps, 'mfa' | 'mfaSecondFactor'> {
  if (setting === 'off') return { mfa: cognito.Mfa.OFF };
  return { mfa: MFA_ENFORCEMENT[setting], mfaSecondFactor: { otp: true, sms: false } };
}

interface IdentityStackProps extends StackProps {
  config: DeployConfig;
  /** Where the handbook is served: its sign-in route is the app client's only callback. */
  siteUrl: string;
  /** The JSON key holding Google's client secret, when the secret is stored as JSON (google-secret.ts). */
  googleClientSecretField?: string;
}

export class IdentityStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: IdentityStackProps) {
    super(scope, id, props);
    const { config } = props;

    const preSignUp = userPoolTrigger(this, 'PreSignUp', config, {
      description: 'Refuses self sign-up and any email outside the company domains',
      entry: 'lambdas/pre-sign-up.ts',
    });
    const postConfirmation = userPoolTrigger(this, 'PostConfirmation', config, {
      description: 'Records the Workspace of a Google account at its first sign-in, where the account cannot write it',
      entry: 'lambdas/post-confirmation.ts',
    });

    this.userPool = new cognito.UserPool(this, 'Readers', {
      userPoolName: `handbook-${config.environment}`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: false, mutable: true } },
      // core/pool-attributes.ts: the company email `npm run grant` records, and Google's `hd`. Both
      // mutable: Google users exist before they are granted, and mapping rewrites `hd` at each sign-in.
      customAttributes: {
        [customName(COMPANY_EMAIL)]: new cognito.StringAttribute({ mutable: true }),
        [customName(GOOGLE_HOSTED_DOMAIN)]: new cognito.StringAttribute({ mutable: true }),
        // Written by the post confirmation trigger, or by an administrator's one-time check of an
        // account from before it (infra/OPERATIONS.md); never by the app client.
        [customName(GOOGLE_WORKSPACE)]: new cognito.StringAttribute({ mutable: true }),
      },
      // Readers keep write access to `email`: Google's attribute mapping writes it at every sign-in,
      // and an app client must be able to write every mapped attribute (CLIENT_WRITE_ATTRIBUTES).
      // So a change made with a reader's own access token waits for the new address to be verified
      // and the original stays in force until then (UserPool UserAttributeUpdateSettings,
      // AttributesRequireVerificationBeforeUpdate); once verified, offboarding still finds the
      // account by the company email recorded at grant, which the client cannot write (offboard.ts).
      keepOriginal: { email: true },
      passwordPolicy: {
        minLength: passwordFormat.minLength,
        requireLowercase: passwordFormat.requireLowercase,
        requireUppercase: passwordFormat.requireUppercase,
        requireDigits: passwordFormat.requireNumbers,
        requireSymbols: passwordFormat.requireSpecialCharacters,
        tempPasswordValidity: Duration.days(3),
      },
      ...poolMfa(config.passwordAccountMfa),
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      lambdaTriggers: { preSignUp, postConfirmation },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      ...(config.emailSender ? { email: sesEmail(config.emailSender, this.region) } : {}),
    });

    const google = new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: config.googleClientId,
      // A dynamic reference: CloudFormation reads the secret at deploy time; no template holds it.
      clientSecretValue: SecretValue.secretsManager(
        config.googleClientSecretName,
        props.googleClientSecretField ? { jsonField: props.googleClientSecretField } : {},
      ),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: cognito.ProviderAttribute.GOOGLE_EMAIL,
        fullname: cognito.ProviderAttribute.GOOGLE_NAME,
        custom: { [GOOGLE_HOSTED_DOMAIN]: cognito.ProviderAttribute.other('hd') },
      },
    });

    // A policy of its own rather than the function's default one: the function's resource waits
    // for its default policy, and the pool waits for the function, so a default policy naming the
    // pool would be a cycle.
    new iam.Policy(this, 'PostConfirmationWritesWorkspace', {
      roles: [postConfirmation.role!],
      statements: [
        new iam.PolicyStatement({
          actions: ['cognito-idp:AdminUpdateUserAttributes'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });

    const domain = this.userPool.addDomain('HostedSignIn', {
      cognitoDomain: { domainPrefix: config.authDomainPrefix },
    });

    // The previews' origin signs readers in too, through the same client, the same choices and
    // the same reader group: its own sign-in route is listed beside production's (gate/preview-route.ts).
    const signIn = [props.siteUrl, ...(config.previewDomain ? [`https://${config.previewDomain}`] : [])].map(
      (origin) => `${origin}${SIGN_IN_PATH}`,
    );
    // Hosted sign-in (Google) returns only to the handbook over https. Before the first deploy
    // without a custom domain the site's address is not known yet (deploy-flow.ts): the client
    // then has no hosted sign-in at all rather than a callback to a placeholder.
    const hostedSignIn = props.siteUrl.startsWith('https://');
    this.client = this.userPool.addClient('Web', {
      userPoolClientName: `handbook-web-${config.environment}`,
      generateSecret: false,
      // SRP for the password form; refresh tokens are always allowed.
      authFlows: { userSrp: true },
      ...(hostedSignIn
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [
                cognito.OAuthScope.PHONE,
                cognito.OAuthScope.EMAIL,
                cognito.OAuthScope.OPENID,
                cognito.OAuthScope.PROFILE,
                cognito.OAuthScope.COGNITO_ADMIN,
              ],
              callbackUrls: signIn,
              logoutUrls: signIn,
            },
          }
        : { disableOAuth: true }),
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        cognito.UserPoolClientIdentityProvider.GOOGLE,
      ],
      writeAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, fullname: true })
        .withCustomAttributes(customName(GOOGLE_HOSTED_DOMAIN)),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: TOKEN_LIFETIMES.accessToken,
      idTokenValidity: TOKEN_LIFETIMES.idToken,
      refreshTokenValidity: TOKEN_LIFETIMES.refreshToken,
    });
    this.client.node.addDependency(google);

    new cognito.UserPoolGroup(this, 'ReaderGroup', {
      userPool: this.userPool,
      groupName: config.readerGroup,
      description: 'Readers of the engineering handbook. Administrators add and remove members.',
    });

    if (config.alarmEmail) {
      new AuthenticatorChangeAlarm(this, 'AuthenticatorChange', {
        alarmEmail: config.alarmEmail,
        userPoolId: this.userPool.userPoolId,
      });
    }

    const output = (name: string, value: string) => new CfnOutput(this, name, { value });
    output('UserPoolId', this.userPool.userPoolId);
    output('UserPoolClientId', this.client.userPoolClientId);
    output('HostedSignInDomain', domain.baseUrl().replace(/^https:\/\//, ''));

    // cdk-nag AwsSolutions findings accepted here, each with its reason.
    if (config.passwordAccountMfa !== 'required') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG2',
        reason: `passwordAccountMfa is "${config.passwordAccountMfa}" (the owners' choice, infra/OPERATIONS.md): readers sign in with Google, whose account policy carries the second factor; the password path is for the few administrator-created accounts.`,
      });
    }
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Threat protection (Plus plan) is a cost decision left to the owners; admin-only creation, the reader group and short tokens bound the exposure.',
    });
    for (const trigger of [preSignUp, postConfirmation]) {
      Validations.of(trigger).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWSLambdaBasicExecutionRole only lets the trigger write its own logs.',
      });
    }
  }
}

/** A Cognito trigger of this pool: bundled from `entry`, with the company domains and a kept log. */
function userPoolTrigger(
  scope: Construct,
  id: string,
  config: DeployConfig,
  { description, entry }: { description: string; entry: string },
): NodejsFunction {
  return new NodejsFunction(scope, id, {
    description,
    entry: path.join(root, entry),
    handler: 'handler',
    runtime: LAMBDA_RUNTIME,
    projectRoot: root,
    depsLockFilePath: path.join(root, 'package-lock.json'),
    // esbuild is a dependency of the project, so bundling never falls back to Docker.
    bundling: { target: 'node24', minify: true, forceDockerBundling: false },
    environment: { ALLOWED_EMAIL_DOMAINS: config.allowedEmailDomains.join(',') },
    memorySize: 128,
    timeout: Duration.seconds(5),
    logGroup: new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    }),
  });
}
