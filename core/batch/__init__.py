"""Many battles at once, for the balancer: a batch and its statistics (:mod:`.simulate`,
:mod:`.stats`, :mod:`.figures`, :mod:`.report`), which battle each is (:mod:`.plan`), its pace
(:mod:`.pace`), split across machines or a cluster (:mod:`.shards`, :mod:`.cluster`), and the
questions asked of batches: sweeps, balancing, ladders, mirrored rosters (:mod:`.sweep`,
:mod:`.balance`, :mod:`.ladder`, :mod:`.mirror`)."""
