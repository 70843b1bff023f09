"""The data side: what the card is computed from, and where it is published.

- ``hub``: the one client of the Hugging Face hub (retries, one-line errors);
- ``fetch``: mirror the model repository's benchmark folder and card;
- ``push``: upload the regenerated card to the model repository (a pull request);
- ``make_refs`` and ``cleaning``: the reference transcripts, from the public datasets;
- ``join_audio``: the long sets' joined recordings.
"""
