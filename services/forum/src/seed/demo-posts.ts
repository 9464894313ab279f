import type { DemoAccountKey } from '@cp/contracts';
import type { ForumCategory } from '@cp/contracts';

export interface DemoPost {
  slug: string;
  author: DemoAccountKey;
  category: ForumCategory;
  title: string;
  content: string;
  /** How long ago it was posted, in hours. */
  hoursAgo: number;
  replies: Array<{ author: DemoAccountKey; content: string; hoursAgo: number }>;
}

/** The demo forum of a local `npm start`: posts and replies of the demo accounts, across every category. */
export const DEMO_POSTS: DemoPost[] = [
  {
    slug: 'diwali-potluck',
    author: 'templeCommittee',
    category: 'Events',
    title: 'Diwali potluck at the community hall — who is bringing what?',
    content: 'We are planning a Diwali potluck on the Saturday after Diwali at the Camp Hill community hall. Reply with the dish you can bring so we do not end up with ten trays of samosas!',
    hoursAgo: 5,
    replies: [
      { author: 'priya', content: 'I will bring a big tray of vegetable biryani and raita.', hoursAgo: 4 },
      { author: 'rajesh', content: 'Count me in for gulab jamun, around fifty pieces.', hoursAgo: 3 },
      { author: 'anjali', content: 'Happy to bring pani puri with all the fillings. Need a table near an outlet for the cooler.', hoursAgo: 1 },
    ],
  },
  {
    slug: 'mechanicsburg-rentals',
    author: 'vikram',
    category: 'Housing',
    title: 'Looking for a two-bedroom rental near Mechanicsburg schools',
    content: 'My family is relocating from New Jersey in January. We are looking for a two-bedroom apartment or townhouse in the Mechanicsburg Area school district. Any leads or landlords you would recommend?',
    hoursAgo: 30,
    replies: [
      { author: 'priya', content: 'Try the townhouses off Trindle Road, several families from our group live there and like it.', hoursAgo: 26 },
      { author: 'rajesh', content: 'Welcome to the area! Send me a message, my neighbour is renting out his place from February.', hoursAgo: 20 },
    ],
  },
  {
    slug: 'it-jobs-harrisburg',
    author: 'rajesh',
    category: 'Jobs',
    title: 'State government IT contract openings in Harrisburg',
    content: 'Several contract positions for Java and .NET developers just opened with state agencies in Harrisburg. Hybrid, three days on site. Happy to refer anyone from the community, reply here with questions.',
    hoursAgo: 52,
    replies: [{ author: 'vikram', content: 'Thanks Rajesh, do they sponsor visas for these contract roles?', hoursAgo: 50 }],
  },
  {
    slug: 'tax-preparer',
    author: 'anjali',
    category: 'Services',
    title: 'Recommendations for a tax preparer who knows H-1B and NRI questions?',
    content: 'Last year our preparer missed the foreign bank account forms. Can anyone recommend a tax preparer in the Harrisburg or Carlisle area who is familiar with FBAR and NRI accounts?',
    hoursAgo: 80,
    replies: [],
  },
  {
    slug: 'cricket-carlisle',
    author: 'priya',
    category: 'General',
    title: 'Weekend cricket at Carlisle — new players welcome',
    content: 'We play tennis-ball cricket every Sunday morning at the park in Carlisle from April to October. All ages and skill levels are welcome, just bring water and sunscreen.',
    hoursAgo: 120,
    replies: [
      { author: 'vikram', content: 'Is there an indoor option during the winter months?', hoursAgo: 110 },
      { author: 'priya', content: 'Yes, a few of us book the sports dome in Enola on Saturday evenings.', hoursAgo: 100 },
    ],
  },
  {
    slug: 'pressure-cooker',
    author: 'vikram',
    category: 'Buy & Sell',
    title: 'Anyone selling a large pressure cooker or an idli steamer?',
    content: 'Our old pressure cooker finally gave up. Looking for a good used five litre cooker or an idli steamer, anywhere around Enola or Camp Hill. Happy to pick up.',
    hoursAgo: 200,
    replies: [{ author: 'anjali', content: 'I have an idli steamer with four plates that I no longer use, yours for ten dollars.', hoursAgo: 190 }],
  },
];
