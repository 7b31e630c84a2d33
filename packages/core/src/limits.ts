/** Business constants and limits (spec §5, §9) shared by server and clients. */
export const LIMITS = {
  attachmentBytes: 1024 * 1024,
  /** Wrong passwords an account takes before each further one makes it wait (from any address). */
  loginFreeFailures: 5,
  /** The wait after failure n (> loginFreeFailures) is 2^(n - loginFreeFailures) seconds, at most this long. */
  loginMaxDelaySeconds: 15 * 60,
  /** At this many failures the account's owner is told by e-mail (once per run of failures). */
  loginLockoutNoticeFailures: 10,
  /** Deepest nesting of arrays and objects a request body may have (our contracts need far less). */
  bodyMaxDepth: 32,
  logoBytes: 1024 * 1024,
  contactNoteChars: 1000,
  tagNameMinChars: 2,
  /** "more than 2 characters" */
  userNameMinChars: 3,
  userNameMaxChars: 50,
  /** "longer than 3 characters" */
  onboardingTextMinChars: 4,
  onboardingTextMaxChars: 120,
  companyNameMaxChars: 120,
  emailMaxChars: 254,
  passwordMinChars: 8,
  passwordMaxChars: 200,
  mailDomainDescriptionMaxChars: 200,
  sessionDefaultHours: 24,
  localeCookieDays: 365,
  handoffTokenMinutes: 10,
  resetTokenMinutes: 60,
  /** Between a right password and the authenticator code that completes the sign-in. */
  twoFactorChallengeMinutes: 5,
  /** Recovery codes made at once; each signs in once. */
  twoFactorRecoveryCodes: 10,
  inviteTokenHours: 72,
  paginationFullPages: 7,
  bubbleMaxWidthIva: 380,
  bubbleMaxWidthOther: 280,
  avatarInitialsMax: 2,
  languageSelectorMinWidth: 150,
  datePickerYearsBack: 5,
  datePickerYearsForward: 50,
  scrollToHashDelayMs: 100,
  guidedTourSteps: 8,
  channelNameMaxChars: 80,
  channelDescriptionMaxChars: 500,
  emailSignatureMaxChars: 2000,
  /** The terms of service the platform admin may write, per language. */
  termsMaxChars: 50_000,
  /** A mail larger than this keeps its text but not its attachments. */
  emailMaxBytes: 25 * 1024 * 1024,
  /** The most days of past mail a mailbox may import when it connects. */
  emailImportMaxDays: 90,
  webchatNameMaxChars: 60,
  webchatGreetingMaxChars: 300,
  webchatFaqMaxEntries: 10,
  webchatFaqQuestionMaxChars: 120,
  webchatFaqAnswerMaxChars: 1000,
  messageMaxChars: 4000,
  interactionTitleMaxChars: 200,
  savedResponseKeyMaxChars: 30,
  savedResponseTextMaxChars: 4000,
  /** Answer engine model provider: field length, and how long one call to it may take. */
  modelProviderFieldMaxChars: 500,
  modelProviderTimeoutMs: 20_000,
  tagNameMaxChars: 40,
  tagDescriptionMaxChars: 300,
  ratingCommentMaxChars: 1000,
  /** Feedback from the help menu: the details a person writes. */
  feedbackDetailsMaxChars: 2000,
  /** Auto-assignment gives an agent at most this many open interactions (a company setting within these bounds). */
  maxOpenPerAgentDefault: 8,
  maxOpenPerAgentMax: 200,
  // Knowledge base
  knowledgeFolderNameMaxChars: 120,
  articleNameMaxChars: 200,
  /** Above this many characters an article gets the warning that the agent may not fully understand it (value not shown, spec §9). */
  articleCharsWarning: 20_000,
  /** A hard cap against abuse: the server refuses longer articles. */
  articleCharsMax: 200_000,
  /** The package's article limit; there is no plan system yet. */
  articlesPerCompany: 500,
  qaQuestionMaxChars: 500,
  qaAnswerMaxChars: 4000,
  qaVariantsMax: 20,
  knowledgeUploadBytes: 10 * 1024 * 1024,
  /** .docx is a zip: refuse before unpacking when it would expand beyond these. */
  docxMaxEntries: 2000,
  docxMaxUncompressedBytes: 50 * 1024 * 1024,
  docxMaxRatio: 100,
  urlImportMaxBytes: 5 * 1024 * 1024,
  urlImportTimeoutMs: 10_000,
  urlImportMaxRedirects: 5,
  // Call recordings, streamed from the PBX (an hour of 16-bit 8 kHz WAV is about 58 MB)
  recordingMaxBytes: 100 * 1024 * 1024,
  /** Without a byte from the PBX for this long, the recording's request is given up. */
  recordingIdleTimeoutMs: 15_000,
  // Contacts
  contactNameMaxChars: 60,
  contactSurnameMinChars: 2,
  contactTextMaxChars: 120,
  contactAddressDetailChars: 500,
  contactDescriptionMaxChars: 2000,
  /** An uploaded import file (CSV or XLSX) */
  contactImportBytes: 5 * 1024 * 1024,
  /** What an XLSX may unpack to (zip-bomb guard) */
  contactImportUnpackedBytes: 50 * 1024 * 1024,
  contactImportMaxRows: 20000,
  contactImportBatchRows: 1000,
  contactExportMaxRows: 100000,
  /** How long the web app waits for an add before telling the user to check and retry (spec §8). */
  contactAddTimeoutMs: 15000,
  // Issues (customer requests) and their settings
  issueSettingNameMinChars: 2,
  issueSettingNameMaxChars: 60,
  issueSettingDescriptionMaxChars: 300,
  /** The issue's name: "a short name" is refused (spec §5). */
  issueNameMinChars: 3,
  issueNameMaxChars: 200,
  issueDescriptionMaxChars: 5000,
  issueTagsMax: 20,
  issueAttachmentsMax: 10,
  issueCommentMaxChars: 2000,
  flowTitleMaxChars: 120,
  flowTextMaxChars: 2000,
  flowChoiceMaxChars: 80,
  flowChoicesMax: 10,
  flowPhrasesMax: 100,
  flowNodesMax: 500,
  /** Subflows entered inside one another before the run fails (cycles are refused at publish; this bounds the rest). */
  flowSubflowDepthMax: 5,
  /** Nodes one customer message may step through before the run fails (a loop without a wait). */
  flowStepsPerTurnMax: 50,
  /** A flow waiting for the customer's choice ends as failed after this long. */
  flowWaitTimeoutMs: 10 * 60 * 1000,
  /** Call operator prompts: uploaded recordings (WAV, MP3, OGG) up to 2 MB. */
  voicePromptBytes: 2 * 1024 * 1024,
  voiceDigitTimeoutMaxS: 60,
  voiceDigitTimeoutDefaultS: 5,
  voiceRetriesMax: 5,
  voiceRetriesDefault: 1,
  voicemailMaxSeconds: 300,
  /** A prompt still playing (or a voicemail still recording) after this long lost its finish event. */
  voicePlaybackMaxS: 600,
  /** How long the signed address Asterisk fetches a prompt from stays valid. */
  voicePromptUrlTtlS: 3600,
  customApiBodyMaxChars: 20_000,
  customApiTimeoutMaxMs: 30_000,
  /** A custom API's response beyond this is refused (the fail path). */
  customApiMaxBytes: 1024 * 1024,
} as const;

export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export const SECTORS = ["technology", "commerce", "health", "finance", "travel", "education", "other"] as const;
export type Sector = (typeof SECTORS)[number];

export const EMPLOYEE_RANGES = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1000+"] as const;
export type EmployeeRange = (typeof EMPLOYEE_RANGES)[number];

export const LOCALE_COOKIE = "chosenLocale";
export const SESSION_COOKIE = "hb_session";
export const CSRF_COOKIE = "hb_csrf";
export const CSRF_HEADER = "x-csrf-token";
/** How a web-chat visitor authenticates its calls. */
export const VISITOR_TOKEN_HEADER = "x-visitor-token";
/** A visitor's messages per minute, over the socket and HTTP together. */
export const VISITOR_MESSAGES_PER_MINUTE = 120;
/** Cookie the onboarding flow sets while a trial company is being prepared (spec §2 guard rule 7). */
export const TRIAL_ONBOARDING_COOKIE = "trialOnboarding";
