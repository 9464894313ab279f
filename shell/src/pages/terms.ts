/** The Terms & Conditions (spec §2): 15 sections, last updated November 3, 2025. */
export const TERMS_LAST_UPDATED = 'November 3, 2025';

export const TERMS_SECTIONS: readonly { title: string; body: readonly string[] }[] = [
  {
    title: 'Acceptance of Terms',
    body: [
      'By accessing or using the Central PA Desi Community website (the "Site"), you agree to be bound by these Terms & Conditions. If you do not agree, do not use the Site.',
    ],
  },
  {
    title: 'Eligibility',
    body: ['You must be at least 18 years old to create an account, post listings, post in the forum or otherwise use the Site. By using the Site you confirm that you are 18 or older.'],
  },
  {
    title: 'User Accounts',
    body: [
      'You are responsible for keeping your login details confidential and for all activity under your account. Tell us at once if you believe your account has been used without your permission.',
    ],
  },
  {
    title: 'User Content and License',
    body: [
      'You keep ownership of the listings, posts, replies, images and other content you submit ("User Content").',
      'By submitting User Content you grant the Site a non-exclusive, royalty-free, worldwide license to host, store, display, reproduce, adapt and distribute it for the purpose of operating and promoting the Site. The license ends when you delete the content, except for copies kept in backups or already shared by other users.',
    ],
  },
  {
    title: 'Prohibited Content and Conduct',
    body: [
      'You may not post content that is illegal, fraudulent, misleading, hateful, harassing, sexually explicit, infringing on the rights of others, or that contains malware or spam. You may not impersonate others or collect personal information of other users.',
    ],
  },
  {
    title: 'Listings and Transactions',
    body: [
      'The Site is a venue only. We are not a party to any transaction between users, do not verify listings, users or businesses, and do not guarantee the quality, safety, legality or availability of anything offered.',
    ],
  },
  {
    title: 'No Liability for Transactions',
    body: [
      'You deal with other users at your own risk. The Site, its founder and volunteers are not liable for any loss, damage, injury or dispute arising from a transaction, meeting or communication between users. Meet in public places, inspect items before paying and never send money in advance.',
    ],
  },
  {
    title: 'Business Directory and Yellow Pages',
    body: [
      'Business information is provided for convenience. Ratings, badges and descriptions do not constitute an endorsement. Contact businesses directly to confirm details.',
    ],
  },
  {
    title: 'Advertisements',
    body: ['Sponsored advertisements are provided by third parties. We are not responsible for the content of external sites or for products and services advertised on the Site.'],
  },
  {
    title: 'Privacy and Personal Information',
    body: [
      'Never share bank details, Social Security numbers or other personal or financial identifiers in listings or posts. We process account information only to operate the Site and do not sell it.',
    ],
  },
  {
    title: 'Moderation and Removal',
    body: ['We may review, edit or remove any content and suspend or close any account that violates these Terms, at our discretion and without notice.'],
  },
  {
    title: 'Disclaimer of Warranties',
    body: ['The Site is provided "as is" and "as available" without warranties of any kind, express or implied, including availability, accuracy and fitness for a particular purpose.'],
  },
  {
    title: 'Limitation of Liability',
    body: [
      'To the fullest extent permitted by law, the Site and its operators are not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data, profits or goodwill, arising from your use of the Site.',
    ],
  },
  {
    title: 'Governing Law',
    body: [
      'These Terms are governed by the laws of the Commonwealth of Pennsylvania, without regard to its conflict of law rules. Any dispute will be resolved in the state or federal courts located in Pennsylvania.',
    ],
  },
  {
    title: 'Changes to These Terms',
    body: [
      'We may update these Terms from time to time. The date above shows the latest version. Continuing to use the Site after a change means you accept the updated Terms. Questions? Contact us through the Contact page.',
    ],
  },
];
