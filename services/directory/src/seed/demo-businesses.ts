import type { DemoAccountKey, YellowPagesMainCategory } from '@cp/contracts';

export interface DemoReview {
  by: Exclude<DemoAccountKey, 'admin'>;
  rating: 1 | 2 | 3 | 4 | 5;
  comment?: string;
  daysAgo: number;
}

export interface DemoBusiness {
  slug: string;
  name: string;
  mainCategory: YellowPagesMainCategory;
  subCategory?: string;
  description: string;
  address: string;
  phone: string;
  email?: string;
  website?: string;
  premium?: boolean;
  verified?: boolean;
  daysAgo: number;
  reviews: DemoReview[];
}

/**
 * The demo directory of a local `npm start`: ~30 fictional businesses across the Yellow Pages tree in the five towns,
 * with reviews by the demo accounts. Phone numbers use the fictional 555-01xx range; addresses and sites are made up.
 */
export const DEMO_BUSINESSES: DemoBusiness[] = [
  { slug: 'saffron-kitchen', name: 'Saffron Kitchen', mainCategory: 'Food & Dining', subCategory: 'Indian Restaurants', description: 'North and South Indian dishes, a weekday lunch buffet and thalis on weekends.', address: '4820 Carlisle Pike, Mechanicsburg, PA 17050', phone: '(717) 555-0101', email: 'hello@saffronkitchen.example', website: 'https://saffronkitchen.example', premium: true, verified: true, daysAgo: 300,
    reviews: [{ by: 'priya', rating: 5, comment: 'The best dosa this side of Philadelphia. Sambar tastes like home.', daysAgo: 20 }, { by: 'rajesh', rating: 4, comment: 'Great buffet, gets busy on Sundays.', daysAgo: 45 }, { by: 'vikram', rating: 5, daysAgo: 80 }] },
  { slug: 'annapurna-catering', name: 'Annapurna Catering', mainCategory: 'Food & Dining', subCategory: 'Catering', description: 'Vegetarian catering for pujas, birthdays and weddings, 20 to 500 guests.', address: '112 Market St, Camp Hill, PA 17011', phone: '717-555-0102', email: 'orders@annapurna.example', premium: true, verified: true, daysAgo: 250,
    reviews: [{ by: 'templeCommittee', rating: 5, comment: 'Catered our Navratri dinner for 300 without a hitch.', daysAgo: 30 }, { by: 'anjali', rating: 4, daysAgo: 60 }] },
  { slug: 'mithai-corner', name: 'Mithai Corner', mainCategory: 'Food & Dining', subCategory: 'Bakeries & Desserts', description: 'Fresh mithai, eggless cakes and Diwali gift boxes. Order ahead for festivals.', address: '23 W High St, Carlisle, PA 17013', phone: '717.555.0103', website: 'https://mithaicorner.example', verified: true, daysAgo: 200,
    reviews: [{ by: 'priya', rating: 4, comment: 'Kaju katli is excellent. Jalebi only on weekends.', daysAgo: 12 }, { by: 'anjali', rating: 5, daysAgo: 40 }] },
  { slug: 'tiffin-express', name: 'Tiffin Express', mainCategory: 'Food & Dining', subCategory: 'Food Delivery', description: 'Home-style tiffin delivered weekdays to Harrisburg and the West Shore.', address: '900 N 2nd St, Harrisburg, PA 17102', phone: '7175550104', daysAgo: 90, reviews: [{ by: 'vikram', rating: 3, comment: 'Tasty, but delivery times vary.', daysAgo: 15 }] },
  { slug: 'patel-brothers-grocers', name: 'Desi Bazaar Grocers', mainCategory: 'Grocers', description: 'Indian groceries, fresh vegetables, frozen snacks and spices; halal meat on Fridays.', address: '6416 Carlisle Pike, Mechanicsburg, PA 17050', phone: '(717) 555-0105', website: 'https://desibazaar.example', premium: true, verified: true, daysAgo: 320,
    reviews: [{ by: 'rajesh', rating: 4, comment: 'Everything we need, prices fair.', daysAgo: 10 }, { by: 'priya', rating: 4, daysAgo: 70 }, { by: 'templeCommittee', rating: 5, daysAgo: 100 }] },
  { slug: 'spice-route-market', name: 'Spice Route Market', mainCategory: 'Shopping', subCategory: 'Grocery Stores', description: 'South Asian pantry staples, rice, lentils and a small sweets counter.', address: '3540 Derry St, Harrisburg, PA 17111', phone: '717-555-0106', daysAgo: 150, reviews: [{ by: 'anjali', rating: 4, daysAgo: 25 }] },
  { slug: 'zari-boutique', name: 'Zari Boutique', mainCategory: 'Shopping', subCategory: 'Ethnic Clothing', description: 'Sarees, lehengas and kurtas; alterations and blouse stitching in a week.', address: '15 S Hanover St, Carlisle, PA 17013', phone: '717-555-0107', email: 'zari@boutique.example', verified: true, daysAgo: 180,
    reviews: [{ by: 'priya', rating: 5, comment: 'Found my lehenga here, stitching done in 5 days.', daysAgo: 33 }] },
  { slug: 'swarna-jewellers', name: 'Swarna Jewellers', mainCategory: 'Shopping', subCategory: 'Jewelry', description: '22k gold and silver jewellery, custom designs and repairs.', address: '3901 Market St, Camp Hill, PA 17011', phone: '717-555-0108', website: 'https://swarna.example', premium: true, daysAgo: 210, reviews: [] },
  { slug: 'gadget-guru', name: 'Gadget Guru', mainCategory: 'Shopping', subCategory: 'Electronics', description: 'Phones, dual-voltage appliances and international chargers.', address: '50 Enola Rd, Enola, PA 17025', phone: '717-555-0109', daysAgo: 60, reviews: [{ by: 'vikram', rating: 4, daysAgo: 8 }] },
  { slug: 'shanti-yoga', name: 'Shanti Yoga Studio', mainCategory: 'Health & Fitness', subCategory: 'Yoga & Meditation', description: 'Hatha and vinyasa classes, pranayama mornings, beginners welcome.', address: '220 Senate Ave, Camp Hill, PA 17011', phone: '717-555-0110', email: 'namaste@shantiyoga.example', website: 'https://shantiyoga.example', verified: true, daysAgo: 240,
    reviews: [{ by: 'anjali', rating: 5, comment: 'Calm space and patient teachers.', daysAgo: 5 }, { by: 'priya', rating: 5, daysAgo: 50 }] },
  { slug: 'ayur-wellness', name: 'Ayur Wellness Center', mainCategory: 'Health & Fitness', subCategory: 'Alternative Medicine', description: 'Ayurvedic consultations and massage by appointment.', address: '1 Gettysburg Pike, Mechanicsburg, PA 17055', phone: '717-555-0111', daysAgo: 130, reviews: [{ by: 'rajesh', rating: 3, daysAgo: 22 }] },
  { slug: 'iron-temple-gym', name: 'Iron Temple Gym', mainCategory: 'Health & Fitness', subCategory: 'Gyms', description: '24-hour gym with personal trainers and family plans.', address: '5 Erford Rd, Camp Hill, PA 17011', phone: '717-555-0112', daysAgo: 110, reviews: [] },
  { slug: 'glow-beauty', name: 'Glow Threading & Beauty', mainCategory: 'Beauty & Wellness', subCategory: 'Beauty Salons', description: 'Eyebrow threading, henna, facials and bridal make-up.', address: '6520 Carlisle Pike, Mechanicsburg, PA 17050', phone: '717-555-0113', verified: true, daysAgo: 170,
    reviews: [{ by: 'priya', rating: 4, daysAgo: 18 }, { by: 'anjali', rating: 5, comment: 'Bridal henna was beautiful.', daysAgo: 75 }] },
  { slug: 'classic-cuts', name: 'Classic Cuts Barber', mainCategory: 'Beauty & Wellness', subCategory: 'Barber Shops', description: 'Haircuts and beard trims, walk-ins welcome.', address: '301 N Front St, Harrisburg, PA 17101', phone: '717-555-0114', daysAgo: 95, reviews: [{ by: 'vikram', rating: 4, daysAgo: 28 }] },
  { slug: 'mehndi-by-meera', name: 'Mehndi by Meera', mainCategory: 'Beauty Salons', description: 'Henna for weddings, Karva Chauth and Eid; home visits across the West Shore.', address: 'Enola, PA 17025', phone: '717-555-0115', daysAgo: 40, reviews: [{ by: 'anjali', rating: 5, daysAgo: 3 }] },
  { slug: 'ganesh-tutoring', name: 'Ganesh Tutoring', mainCategory: 'Education & Learning', subCategory: 'Tutoring', description: 'Math and science tutoring for grades 3–12, SAT preparation.', address: '88 W Main St, Mechanicsburg, PA 17055', phone: '717-555-0116', email: 'learn@ganeshtutoring.example', premium: true, verified: true, daysAgo: 280,
    reviews: [{ by: 'rajesh', rating: 5, comment: 'My son went from a C to an A in algebra.', daysAgo: 14 }, { by: 'vikram', rating: 4, daysAgo: 90 }] },
  { slug: 'swara-music', name: 'Swara Music School', mainCategory: 'Education & Learning', subCategory: 'Music Lessons', description: 'Carnatic and Hindustani vocals, tabla and keyboard for all ages.', address: '410 Bridge St, New Cumberland, PA 17070', phone: '717-555-0117', website: 'https://swaramusic.example', daysAgo: 160, reviews: [{ by: 'templeCommittee', rating: 5, daysAgo: 35 }] },
  { slug: 'natya-dance', name: 'Natya Dance Academy', mainCategory: 'Education & Learning', subCategory: 'Dance Classes', description: 'Bharatanatyam and Bollywood dance; annual recital in spring.', address: '2000 Linglestown Rd, Harrisburg, PA 17110', phone: '717-555-0118', verified: true, daysAgo: 230, reviews: [{ by: 'priya', rating: 5, daysAgo: 27 }, { by: 'anjali', rating: 4, daysAgo: 66 }] },
  { slug: 'bhasha-classes', name: 'Bhasha Language Classes', mainCategory: 'Education & Learning', subCategory: 'Language Classes', description: 'Hindi, Telugu and Gujarati for children on Saturday mornings.', address: 'Community Hall, Camp Hill, PA 17011', phone: '717-555-0119', daysAgo: 120, reviews: [] },
  { slug: 'safe-wheels', name: 'Safe Wheels Driving School', mainCategory: 'Driving Schools', description: 'PA learner permit lessons, road test preparation, lessons in Hindi or English.', address: '77 S 32nd St, Camp Hill, PA 17011', phone: '717-555-0120', daysAgo: 140, reviews: [{ by: 'vikram', rating: 5, comment: 'Passed the road test first time.', daysAgo: 19 }] },
  { slug: 'airport-cabs', name: 'Susquehanna Airport Cabs', mainCategory: 'Cab Services', description: 'Rides to MDT, BWI, PHL and JFK; book a day ahead.', address: 'Harrisburg, PA 17101', phone: '717-555-0121', daysAgo: 100, reviews: [{ by: 'rajesh', rating: 4, daysAgo: 9 }, { by: 'priya', rating: 3, daysAgo: 48 }] },
  { slug: 'utsav-events', name: 'Utsav Event Management', mainCategory: 'Event Management', description: 'Sangeet, mehndi and reception planning, decor and DJ.', address: '1200 Camp Hill Bypass, Camp Hill, PA 17011', phone: '717-555-0122', website: 'https://utsavevents.example', premium: true, daysAgo: 190, reviews: [{ by: 'anjali', rating: 5, daysAgo: 55 }] },
  { slug: 'tandoor-house', name: 'Tandoor House', mainCategory: 'Restaurants', description: 'Tandoori grills, biryanis and a takeout counter open late.', address: '3rd & Walnut St, Harrisburg, PA 17101', phone: '717-555-0123', daysAgo: 75, reviews: [{ by: 'vikram', rating: 4, daysAgo: 6 }, { by: 'rajesh', rating: 2, comment: 'Too spicy for me, generous portions though.', daysAgo: 31 }] },
  { slug: 'west-shore-auto', name: 'West Shore Auto Repair', mainCategory: 'Automotive', subCategory: 'Auto Repair', description: 'State inspection, brakes, tyres and engine diagnostics.', address: '400 Lowther St, Lemoyne, PA 17043', phone: '717-555-0124', verified: true, daysAgo: 260, reviews: [{ by: 'rajesh', rating: 5, comment: 'Honest quote, done same day.', daysAgo: 11 }] },
  { slug: 'keystone-motors', name: 'Keystone Family Motors', mainCategory: 'Automotive', subCategory: 'Auto Dealers', description: 'Certified pre-owned cars, financing for new arrivals without credit history.', address: '6000 Carlisle Pike, Mechanicsburg, PA 17050', phone: '717-555-0125', daysAgo: 85, reviews: [] },
  { slug: 'handy-hari', name: 'Handy Hari', mainCategory: 'Home Repairs', subCategory: 'Handyman', description: 'Small repairs, furniture assembly, TV mounting.', address: 'Enola, PA 17025', phone: '717-555-0126', daysAgo: 65, reviews: [{ by: 'priya', rating: 5, daysAgo: 16 }] },
  { slug: 'cool-breeze-hvac', name: 'Cool Breeze HVAC', mainCategory: 'Home Repairs', subCategory: 'HVAC', description: 'Furnace and AC service, heat pumps, 24-hour emergency calls.', address: '18 Trindle Rd, Mechanicsburg, PA 17050', phone: '717-555-0127', premium: true, verified: true, daysAgo: 220, reviews: [{ by: 'vikram', rating: 4, daysAgo: 21 }, { by: 'rajesh', rating: 5, daysAgo: 58 }] },
  { slug: 'reliable-plumbing', name: 'Reliable Plumbing', mainCategory: 'Home Repairs', subCategory: 'Plumbing', description: 'Leaks, water heaters, drain cleaning; licensed and insured.', address: '90 Chestnut St, Carlisle, PA 17013', phone: '717-555-0128', daysAgo: 125, reviews: [] },
  { slug: 'mangal-priest', name: 'Pandit Mangal Services', mainCategory: 'Services', subCategory: 'Religious', description: 'Griha pravesh, satyanarayan puja and wedding ceremonies.', address: 'Harrisburg, PA 17112', phone: '717-555-0129', daysAgo: 175, reviews: [{ by: 'templeCommittee', rating: 5, daysAgo: 44 }] },
  { slug: 'lens-and-light', name: 'Lens & Light Studio', mainCategory: 'Services', subCategory: 'Photography/Videography', description: 'Wedding films, family portraits and event coverage.', address: '25 N Market St, Mechanicsburg, PA 17055', phone: '717-555-0130', website: 'https://lensandlight.example', daysAgo: 145, reviews: [{ by: 'anjali', rating: 4, daysAgo: 37 }] },
  { slug: 'desi-tax-visa', name: 'Desi Visa & Passport Help', mainCategory: 'Services', subCategory: 'Visa and Passport Services', description: 'OCI, passport renewal and visa paperwork help, by appointment.', address: '301 Market St, Lemoyne, PA 17043', phone: '717-555-0131', email: 'help@desivisa.example', daysAgo: 55, reviews: [{ by: 'rajesh', rating: 4, daysAgo: 4 }] },
  { slug: 'pixel-web', name: 'Pixel Web Design', mainCategory: 'Services', subCategory: 'Web Design', description: 'Websites for small businesses and temples, hosting included.', address: 'Camp Hill, PA 17011', phone: '717-555-0132', website: 'https://pixelweb.example', daysAgo: 35, reviews: [] },
];
