"""The data side: what the card is computed from, and where it is published.

- ``hub``: the one client of the Hugging Face hub (retries, one-line errors);
- ``fetch``: mirror the model repository's benchmark folder and card;
- ``push``: upload the regenerated card to the model repository (a pull request);
- ``sources``: each set's source, as card.toml's ``[sources.<set>]`` declares it;
- ``transcripts``: a source's transcript files (TSV, CSV, JSON Lines, Parquet), read;
- ``make_refs`` and ``cleaning``: the reference transcripts (and a new set's ids), from
  the declared sources;
- ``join_audio``: the long sets' joined recordings.
"""
