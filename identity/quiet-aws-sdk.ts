/** aws-sdk v2 (cognito-local's Lambda client, unused here) prints an end-of-support notice on load. */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
