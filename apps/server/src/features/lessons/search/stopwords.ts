/**
 * Words that carry no topic, in either language (the Snowball lists, folded, plus the question words
 * students type: "how do I…", "¿cómo hago…"). One set for both languages: a lesson in Spanish quotes
 * English words and the other way round, and the query's language is unknown.
 */
const ENGLISH = `a about above after again against all am an and any are aren't as at be because been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't
down during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her
here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its
itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours
ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than that
that's the their theirs them themselves then there there's these they they'd they'll they're they've
this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what
what's when when's where where's which while who who's whom why why's will with won't would wouldn't
you you'd you'll you're you've your yours yourself yourselves get got getting also just us anyone
something anything thing things way ways always never every nobody lot lots many much really even
still already`;

const SPANISH = `de la que el en y a los del se las por un para con no una su al lo como mas pero sus le ya o
este si porque esta entre cuando muy sin sobre tambien me hasta hay donde quien desde todo nos durante
todos uno les ni contra otros ese eso ante ellos e esto mi antes algunos que unos yo otro otras otra el
tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tu te
ti tu tus ellas nosotras vosotros vosotras os mio mia mios mias tuyo tuya tuyos tuyas suyo suya suyos
suyas nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras esos esas estoy estas esta
estamos estais estan este estes estemos esteis esten estare estaras estara estaremos estareis estaran
estaba estabas estabamos estabais estaban estuve estuviste estuvo estuvimos estuvieron he has ha hemos
habeis han haya hayas hayamos hayais hayan habia habias habiamos habian hube hubo hubieron soy eres es
somos sois son sea seas seamos sean era eras eramos eran fui fue fuimos fueron tengo tienes tiene
tenemos teneis tienen tenia tenian tuve tuvo tuvimos tuvieron cual cuales cuanto cuantos como que
quien donde cuando puedo puede podemos pueden hacer hago hace hacemos hacen hay alguien cosa cosas
forma siempre nunca nadie cada vez veces muy ya aun todavia`;

export const STOPWORDS: ReadonlySet<string> = new Set(
  `${ENGLISH} ${SPANISH}`.split(/\s+/).filter((word) => word.length > 0),
);
